import { createElement } from 'react';
import { updateCardPath } from '#contract/subscriptions';
import { declineInPlainWords } from '#domain/decline-reasons';
import { formatDollars } from '#domain/money';
import { customerDateTime } from '#domain/store-time';
import { storeLink, type Email } from '#server/lib/email/index';
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
}

const RENEWAL_MAIL_SUBJECTS = {
  declined: 'Your renewal payment failed',
  skipped: 'Your package is no longer sold',
  confirm: 'Confirm your renewal payment',
} as const;

/** 'Visa ending 4242', as the account page names a saved card. */
const cardLabel = (card: { brand: string; last4: string }) => `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}`;

function factsOf(facts: RenewalMailFacts): Array<[string, string]> {
  return [
    ['Package', facts.packageName],
    ['Devices', String(facts.deviceCount)],
    ...(facts.amountCents === null ? [] : [['Amount', formatDollars(facts.amountCents)] as [string, string]]),
    ...(facts.card ? [['Card', cardLabel(facts.card)] as [string, string]] : []),
    ['Expires', customerDateTime(facts.expiresAt, facts.timeZone)],
  ];
}

function textOf(facts: RenewalMailFacts, paragraphs: string[], link: string): string {
  return [`Hello ${facts.firstName},`, '', ...paragraphs, '', ...factsOf(facts).map(([term, value]) => `${term}: ${value}`), '', link, '', 'StreamPlus'].join('\n');
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
  const what = [facts.amountCents === null ? 'your card' : formatDollars(facts.amountCents), ...(facts.card ? [`to your ${cardLabel(facts.card)}`] : [])].join(' ');
  const reason = `We could not charge ${what} for your ${facts.packageName} renewal: ${declineInPlainWords(decline.code)}`;
  const next = decline.nextAttemptAt
    ? `We will try again on ${customerDateTime(decline.nextAttemptAt, facts.timeZone)}. Update your card before then and that attempt charges the new card.`
    : `We tried ${decline.attempts} times and will not try again. Your subscription expires on ${customerDateTime(facts.expiresAt, facts.timeZone)}; your devices keep working until the grace period ends on ${customerDateTime(decline.graceEndsAt, facts.timeZone)}. Update your card and renew by hand from your account before then.`;
  const button = { label: 'Update card', path: updateCardPath(decline.subscriptionId) };
  return {
    to: facts.to,
    subject: RENEWAL_MAIL_SUBJECTS.declined,
    text: textOf(facts, [reason, next], `Update card: ${storeLink(publicUrl, button.path)}`),
    html: createElement(RenewalFailedEmail, { firstName: facts.firstName, heading: RENEWAL_MAIL_SUBJECTS.declined, reason, next, facts: factsOf(facts), button }),
  };
}

/** The package was deactivated since: nothing charged (decision 0045). */
export function renewalSkippedMail(facts: RenewalMailFacts, publicUrl: string): Email {
  const reason = `Your ${facts.packageName} subscription renews automatically, but the package is no longer sold, so we have not charged your card.`;
  const next = 'Choose another package to keep watching; your subscription runs until it expires.';
  const button = { label: 'Choose a package', path: '/#packages' };
  return {
    to: facts.to,
    subject: RENEWAL_MAIL_SUBJECTS.skipped,
    text: textOf(facts, [reason, next], `Choose a package: ${storeLink(publicUrl, button.path)}`),
    html: createElement(RenewalFailedEmail, { firstName: facts.firstName, heading: RENEWAL_MAIL_SUBJECTS.skipped, reason, next, facts: factsOf(facts), button }),
  };
}

/** The bank asks for 3-D Secure: a link to confirm the payment on-session (decision 0045). */
export function renewalConfirmMail(facts: RenewalMailFacts & { amountCents: number }, confirmUrl: string): Email {
  const amount = formatDollars(facts.amountCents);
  return {
    to: facts.to,
    subject: RENEWAL_MAIL_SUBJECTS.confirm,
    text: textOf(
      facts,
      [`Your bank asks you to confirm the ${amount} charge that renews your ${facts.packageName} subscription. Nothing has been charged yet.`],
      `Confirm the payment: ${confirmUrl}`,
    ),
    html: createElement(RenewalConfirmEmail, { firstName: facts.firstName, packageName: facts.packageName, amount, confirmUrl, facts: factsOf(facts) }),
  };
}
