import { createElement } from 'react';
import { updateCardPath } from '#contract/subscriptions';
import type { CurrencyCode } from '#domain/currencies';
import { declineInPlainWords } from '#domain/decline-reasons';
import type { Locale } from '#domain/locales';
import { storeLink, type Email } from '#server/lib/email/index';
import { wordsIn, type Words } from '#server/lib/i18n/index';
import { RenewalConfirmEmail } from './confirm-payment-template';
import { RenewalFailedEmail } from './charge-failed-template';

/** The texts of an automatic renewal's emails when it charged nothing; a charge that succeeded is the order's confirmation. */

export interface RenewalMailFacts {
  to: string;
  firstName: string;
  packageName: string;
  deviceCount: number;
  /** Null when nothing was priced (the package is gone). */
  amountCents: number | null;
  card: { brand: string; last4: string } | null;
  /** The expiry the charge would have renewed. */
  expiresAt: Date;
  /** The zone its times are written in: the customer's, or the store's until theirs is known (decision 0074). */
  timeZone: string;
  /** The subscription's language and the charge's currency (decision 0107): English and USD when absent. */
  locale?: Locale;
  currency?: CurrencyCode;
}

/** 'Visa ending 4242', as the account page names a saved card. */
const cardLabel = (words: Words, card: { brand: string; last4: string }) =>
  words.t('mail.brandCardEnding', { brand: `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)}`, last4: card.last4 });

const wordsOf = (facts: RenewalMailFacts) => wordsIn(facts.locale ?? 'en');
const priceOf = (facts: RenewalMailFacts, cents: number) => wordsOf(facts).price(cents, facts.currency ?? 'USD');

function factsOf(facts: RenewalMailFacts): Array<[string, string]> {
  const words = wordsOf(facts);
  const { t } = words;
  return [
    [t('mail.fact.package'), facts.packageName],
    [t('mail.fact.devices'), String(facts.deviceCount)],
    ...(facts.amountCents === null ? [] : [[t('mail.fact.amount'), priceOf(facts, facts.amountCents)] as [string, string]]),
    ...(facts.card ? [[t('mail.fact.card'), cardLabel(words, facts.card)] as [string, string]] : []),
    [t('mail.fact.expires'), words.dateTime(facts.expiresAt, facts.timeZone)],
  ];
}

function textOf(facts: RenewalMailFacts, paragraphs: string[], link: string): string {
  const { t } = wordsOf(facts);
  return [t('mail.hello', { name: facts.firstName }), '', ...paragraphs, '', ...factsOf(facts).map(([term, value]) => `${term}: ${value}`), '', link, '', 'StreamPlus'].join('\n');
}

/** One decline of a renewal charge: its reason in plain words, and what comes next. */
export interface RenewalDecline {
  subscriptionId: string;
  /** The provider's decline code, said in plain words. */
  code: string;
  /** When the card is tried again; null after the last attempt. */
  nextAttemptAt: Date | null;
  /** Attempts made so far, this one included. */
  attempts: number;
  /** The end of the grace period after the expiry (GRACE_DAYS, decision 0046). */
  graceEndsAt: Date;
}

/**
 * Each declined attempt (decision 0045): the reason in plain words, then the next attempt's
 * day, or after the last one the expiry and the grace period's end; one button, "Update card".
 */
export function renewalDeclinedMail(facts: RenewalMailFacts, decline: RenewalDecline, publicUrl: string): Email {
  const words = wordsOf(facts);
  const { t } = words;
  const dayTime = (date: Date) => words.dateTime(date, facts.timeZone);
  const what = [
    facts.amountCents === null ? t('charge.yourCard') : priceOf(facts, facts.amountCents),
    ...(facts.card ? [t('charge.toYourCard', { card: cardLabel(words, facts.card) })] : []),
  ].join(' ');
  // The decline's reason is the domain's English sentence (decline-reasons.ts), in every language for now.
  const reason = t('charge.declined', { what, packageName: facts.packageName, reason: declineInPlainWords(decline.code) });
  const next = decline.nextAttemptAt
    ? t('charge.tryAgain', { when: dayTime(decline.nextAttemptAt) })
    : t('charge.gaveUp', { attempts: decline.attempts, expires: dayTime(facts.expiresAt), graceEnd: dayTime(decline.graceEndsAt) });
  const button = { label: t('charge.updateCard'), path: updateCardPath(decline.subscriptionId) };
  const heading = t('charge.declined.subject');
  return {
    to: facts.to,
    subject: heading,
    text: textOf(facts, [reason, next], `${button.label}: ${storeLink(publicUrl, button.path)}`),
    html: createElement(RenewalFailedEmail, { firstName: facts.firstName, heading, reason, next, facts: factsOf(facts), button, locale: words.locale }),
  };
}

/** The package was deactivated since: nothing charged (decision 0045). */
export function renewalSkippedMail(facts: RenewalMailFacts, publicUrl: string): Email {
  const words = wordsOf(facts);
  const { t } = words;
  const reason = t('charge.skipped', { packageName: facts.packageName });
  const next = t('charge.chooseAnother');
  const button = { label: t('reminder.choosePackage'), path: '/#packages' };
  const heading = t('charge.skipped.subject');
  return {
    to: facts.to,
    subject: heading,
    text: textOf(facts, [reason, next], `${button.label}: ${storeLink(publicUrl, button.path)}`),
    html: createElement(RenewalFailedEmail, { firstName: facts.firstName, heading, reason, next, facts: factsOf(facts), button, locale: words.locale }),
  };
}

/** The bank asks for 3-D Secure: a link to confirm the payment on-session (decision 0045). */
export function renewalConfirmMail(facts: RenewalMailFacts & { amountCents: number }, confirmUrl: string): Email {
  const words = wordsOf(facts);
  const { t } = words;
  const amount = priceOf(facts, facts.amountCents);
  return {
    to: facts.to,
    subject: t('charge.confirm.subject'),
    text: textOf(facts, [t('charge.confirmAsk', { amount, packageName: facts.packageName })], t('charge.confirmLine', { link: confirmUrl })),
    html: createElement(RenewalConfirmEmail, { firstName: facts.firstName, packageName: facts.packageName, amount, confirmUrl, facts: factsOf(facts), locale: words.locale }),
  };
}
