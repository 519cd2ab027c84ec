import { createElement } from 'react';
import { formatDollars, parseMoney, type Cents } from '#domain/money';
import { RENEWAL_CHARGE_DAYS_BEFORE } from '#domain/renewal';
import { customerDate, customerDateTime } from '#domain/store-time';
import type { Email } from '#server/lib/email/index';
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
}

export interface RenewalReceipt {
  /** The period paid for: from the old expiry (or the day it was applied, when it had lapsed) to the new expiry. */
  from: Date;
  until: Date;
  /** How it was paid: 'card ending 4242' when the saved card was charged, else the method. */
  paidWith: string;
  /** When the saved card is next charged; null when automatic renewal is off. */
  nextChargeOn: Date | null;
}

const PAID_WITH: Record<ConfirmationDetails['paymentMethod'], string> = { card: 'card', crypto: 'cryptocurrency', free: 'nothing to pay' };

/** What a receipt says of the payment method when no saved card is known. */
export const paidWithOf = (method: ConfirmationDetails['paymentMethod']) => PAID_WITH[method];

const TURN_OFF = 'To turn it off, use the Automatic renewal switch of your subscription on your account page';

/** What follows the facts: when the service starts, or for a renewal what it paid for and what comes next. */
function closingLines(details: ConfirmationDetails, publicUrl: string): string[] {
  const { renewal, autoRenewal, timeZone } = details;
  if (renewal) {
    return [
      `Your subscription now runs until ${customerDate(renewal.until, timeZone)}.`,
      renewal.nextChargeOn
        ? `Automatic renewal is on: we will next charge your card on ${customerDate(renewal.nextChargeOn, timeZone)}, ${RENEWAL_CHARGE_DAYS_BEFORE} days before this expiry. ${TURN_OFF}: ${accountLink(publicUrl)}`
        : 'Automatic renewal is off: renew from your account before this expiry to keep watching.',
    ];
  }
  const lines = [activationLine(details)];
  if (autoRenewal) {
    lines.push(
      `Automatic renewal is on: we will charge ${formatDollars(autoRenewal.amountCents)} (today's price) to the card you paid with ${RENEWAL_CHARGE_DAYS_BEFORE} days before each expiry, and email you 7 days before each charge. ${TURN_OFF}: ${accountLink(publicUrl)}`,
    );
  }
  return lines;
}

function activationLine(details: ConfirmationDetails): string {
  if (details.shipsTo) {
    return 'Your streaming box ships within 1-2 business days with free shipping, and its subscription activates on first use.';
  }
  if (details.trialEndsAt) {
    return `Your free trial is active now and ends on ${customerDateTime(details.trialEndsAt, details.timeZone)}. Choose a package in your account before then to keep watching with the same credentials.`;
  }
  if (details.paymentMethod === 'free') return 'Your service is active now.';
  if (details.paymentMethod === 'crypto') return 'Service activation: within 1 hour of your cryptocurrency payment.';
  return 'Service activation: within 24 hours of your card payment.';
}

/** The order's facts, as the text writes each line (`Package: ...`) and the HTML's table its rows. */
function confirmationFacts(details: ConfirmationDetails): Array<[string, string]> {
  const cashback = parseMoney(details.cashbackAmount);
  const discount = parseMoney(details.couponDiscount);
  return [
    ['Package', `${details.packageName} (${details.packageDuration})`],
    ['Devices', String(details.deviceCount)],
    ...(details.couponCode && discount > 0 ? [['Coupon', `${details.couponCode} (-${formatDollars(discount)})`] as [string, string]] : []),
    ['Total', formatDollars(parseMoney(details.totalAmount))],
    ...(details.giftCard && cashback > 0
      ? [['Gift card', `${details.giftCard}, ${formatDollars(cashback)} cashback, emailed to you within 1-2 hours.`] as [string, string]]
      : []),
    ...(details.shipsTo ? [['Shipping to', `the address in ${details.shipsTo} you entered at checkout.`] as [string, string]] : []),
    ...(details.renewal ? renewalFacts(details.renewal, details.timeZone) : []),
    ...(details.autoRenewal ? [['Automatic renewal', `on, ${formatDollars(details.autoRenewal.amountCents)} ${RENEWAL_CHARGE_DAYS_BEFORE} days before each expiry`] as [string, string]] : []),
  ];
}

function renewalFacts(renewal: RenewalReceipt, timeZone: string): Array<[string, string]> {
  const day = (date: Date) => customerDate(date, timeZone);
  return [
    ['Period', `${day(renewal.from)} – ${day(renewal.until)}`],
    ['Paid with', renewal.paidWith],
    ['New expiry', customerDateTime(renewal.until, timeZone)],
    ['Next renewal', renewal.nextChargeOn ? `your card is charged on ${day(renewal.nextChargeOn)}` : 'automatic renewal is off'],
  ];
}

export function orderConfirmationMail(details: ConfirmationDetails, publicUrl: string): Email {
  const facts = confirmationFacts(details);
  const closing = closingLines(details, publicUrl);
  const lines = [
    `Hello ${details.customerName},`,
    '',
    details.isRenewal ? 'Thank you for renewing your subscription. Your device credentials stay the same.' : 'Thank you for your order!',
    '',
    `Order ID: ${details.orderId}`,
    ...facts.map(([term, value]) => `${term}: ${value}`),
    '',
    ...closing,
    `Your subscription and the credentials of each device are in your account: ${accountLink(publicUrl)}`,
    '',
    'StreamPlus',
  ];
  const html = createElement(OrderConfirmationEmail, { customerName: details.customerName, orderId: details.orderId, isRenewal: details.isRenewal, facts, closing });
  return { to: details.to, subject: `Order Confirmation - ${details.orderId}`, text: lines.join('\n'), html };
}
