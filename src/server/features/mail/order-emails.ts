import { createElement } from 'react';
import { CASHBACK_CURRENCY, type CurrencyCode } from '#domain/currencies';
import type { Locale } from '#domain/locales';
import { parseMoney, type Cents } from '#domain/money';
import { RENEWAL_CHARGE_DAYS_BEFORE } from '#domain/renewal';
import type { Email } from '#server/lib/email/index';
import { wordsIn, type Words } from '#server/lib/i18n/index';
import { OrderConfirmationEmail } from './templates/order-confirmation';

/** The texts of the emails about an order and a subscription; their times in the customer's zone (decision 0074). */

const accountLink = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/account`;

export interface ConfirmationDetails {
  orderId: string;
  to: string;
  customerName: string;
  packageName: string;
  packageDuration: string;
  deviceCount: number;
  paymentMethod: 'card' | 'crypto' | 'free';
  totalAmount: string;
  couponCode: string | null;
  couponDiscount: string;
  giftCard: string | null;
  cashbackAmount: string;
  isRenewal: boolean;
  /**
   * The box's destination country (a code checkout validated). Only that: the street, city
   * and zip are text a visitor typed, and the store's emails carry none, so they cannot be
   * used to send strangers someone's message.
   */
  shipsTo: string | null;
  /** A purchase with "Renew automatically" (decision 0044): what each renewal charges, at today's price. */
  autoRenewal: { amountCents: Cents } | null;
  /** A renewal's receipt, once applied (decision 0075): the period it paid for, and what comes next. */
  renewal: RenewalReceipt | null;
  /** The free trial's end (decision 0075). */
  trialEndsAt: Date | null;
  /** The zone its dates are written in: the customer's, or the store's until theirs is known (decision 0074). */
  timeZone: string;
  /** The order's language and currency (decision 0107): English and US dollars when not given. */
  locale?: Locale;
  currency?: CurrencyCode;
}

export interface RenewalReceipt {
  /** The period paid for: from the old expiry (or the day it was applied, when it had lapsed) to the new expiry. */
  from: Date;
  until: Date;
  /** How it was paid: the saved card's last digits when it was charged, else the method; a text is written as it is. */
  paidWith: PaidWith | string;
  /** When the saved card is next charged; null when automatic renewal is off. */
  nextChargeOn: Date | null;
}

/** How a renewal was paid, written in the receipt's language. */
export type PaidWith = { method: ConfirmationDetails['paymentMethod'] } | { cardLast4: string };

/** What a receipt says of the payment method when no saved card is known. */
export const paidWithOf = (method: ConfirmationDetails['paymentMethod']): PaidWith => ({ method });

function paidWithWords(paidWith: PaidWith | string, words: Words): string {
  if (typeof paidWith === 'string') return paidWith;
  return 'cardLast4' in paidWith ? words.t('mail.cardEnding', { last4: paidWith.cardLast4 }) : words.t(`receipt.paidWith.${paidWith.method}`);
}

/** The details' words, dates and amounts in the order's language and currency. */
function writerOf(details: ConfirmationDetails) {
  const words = wordsIn(details.locale ?? 'en');
  const currency = details.currency ?? 'USD';
  return { words, price: (cents: Cents) => words.price(cents, currency), day: (date: Date) => words.date(date, details.timeZone) };
}
type Writer = ReturnType<typeof writerOf>;

/** What follows the facts: when the service starts, or for a renewal what it paid for and what comes next. */
function closingLines(details: ConfirmationDetails, publicUrl: string, { words, price, day }: Writer): string[] {
  const { renewal, autoRenewal } = details;
  const turnOff = words.t('receipt.turnOff');
  if (renewal) {
    return [
      words.t('receipt.runsUntil', { day: day(renewal.until) }),
      renewal.nextChargeOn
        ? words.t('receipt.nextCharge', { day: day(renewal.nextChargeOn), days: RENEWAL_CHARGE_DAYS_BEFORE, turnOff, link: accountLink(publicUrl) })
        : words.t('receipt.renewByHand'),
    ];
  }
  const lines = [activationLine(details, words)];
  if (autoRenewal) {
    lines.push(words.t('receipt.autoRenewOn', { amount: price(autoRenewal.amountCents), days: RENEWAL_CHARGE_DAYS_BEFORE, turnOff, link: accountLink(publicUrl) }));
  }
  return lines;
}

function activationLine(details: ConfirmationDetails, words: Words): string {
  if (details.shipsTo) return words.t('receipt.boxShips');
  if (details.trialEndsAt) return words.t('receipt.trialActive', { end: words.dateTime(details.trialEndsAt, details.timeZone) });
  if (details.paymentMethod === 'free') return words.t('receipt.activeNow');
  if (details.paymentMethod === 'crypto') return words.t('receipt.activationCrypto');
  return words.t('receipt.activationCard');
}

/** The order's facts, as the text writes each line (`Package: ...`) and the HTML's table its rows. */
function confirmationFacts(details: ConfirmationDetails, writer: Writer): Array<[string, string]> {
  const { words, price } = writer;
  const t = words.t;
  const cashback = parseMoney(details.cashbackAmount);
  const discount = parseMoney(details.couponDiscount);
  const fact = (term: Parameters<Words['t']>[0], value: string): [string, string] => [t(term), value];
  return [
    fact('mail.fact.package', t('receipt.packageValue', { name: details.packageName, duration: details.packageDuration })),
    fact('mail.fact.devices', String(details.deviceCount)),
    ...(details.couponCode && discount > 0 ? [fact('mail.fact.coupon', t('receipt.couponValue', { code: details.couponCode, amount: price(discount) }))] : []),
    fact('mail.fact.total', price(parseMoney(details.totalAmount))),
    // A gift card the owner buys in US dollars, whatever the order's currency (decision 0110).
    ...(details.giftCard && cashback > 0 ? [fact('mail.fact.giftCard', t('receipt.giftCardValue', { card: details.giftCard, amount: words.price(cashback, CASHBACK_CURRENCY) }))] : []),
    ...(details.shipsTo ? [fact('mail.fact.shippingTo', t('receipt.shippingValue', { country: details.shipsTo }))] : []),
    ...(details.renewal ? renewalFacts(details.renewal, details.timeZone, writer) : []),
    ...(details.autoRenewal
      ? [fact('mail.fact.autoRenewal', t('receipt.autoRenewalValue', { amount: price(details.autoRenewal.amountCents), days: RENEWAL_CHARGE_DAYS_BEFORE }))]
      : []),
  ];
}

function renewalFacts(renewal: RenewalReceipt, timeZone: string, { words, day }: Writer): Array<[string, string]> {
  const t = words.t;
  return [
    [t('mail.fact.period'), t('receipt.periodValue', { from: day(renewal.from), until: day(renewal.until) })],
    [t('mail.fact.paidWith'), paidWithWords(renewal.paidWith, words)],
    [t('mail.fact.newExpiry'), words.dateTime(renewal.until, timeZone)],
    [t('mail.fact.nextRenewal'), renewal.nextChargeOn ? t('receipt.nextRenewalOn', { day: day(renewal.nextChargeOn) }) : t('receipt.nextRenewalOff')],
  ];
}

export function orderConfirmationMail(details: ConfirmationDetails, publicUrl: string): Email {
  const writer = writerOf(details);
  const { t, locale } = writer.words;
  const facts = confirmationFacts(details, writer);
  const closing = closingLines(details, publicUrl, writer);
  const lines = [
    t('mail.hello', { name: details.customerName }),
    '',
    details.isRenewal ? t('receipt.renewalThanks') : t('receipt.thanks'),
    '',
    `${t('mail.fact.orderId')}: ${details.orderId}`,
    ...facts.map(([term, value]) => `${term}: ${value}`),
    '',
    ...closing,
    t('receipt.inAccountLink', { link: accountLink(publicUrl) }),
    '',
    'StreamPlus',
  ];
  const html = createElement(OrderConfirmationEmail, { customerName: details.customerName, orderId: details.orderId, isRenewal: details.isRenewal, facts, closing, locale });
  return { to: details.to, subject: t('receipt.subject', { orderId: details.orderId }), text: lines.join('\n'), html };
}
