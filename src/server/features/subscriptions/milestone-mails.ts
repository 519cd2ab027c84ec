import { createElement } from 'react';
import { updateCardPath } from '#contract/subscriptions';
import { formatDollars, type Cents } from '#domain/money';
import type { MilestoneName } from '#domain/renewal-milestones';
import { customerDateTime } from '#domain/store-time';
import { RenewalReminderEmail, type Email, type RenewalReminderProps } from '#server/features/mail/index';
import { accountLink } from './mails';
import type { RenewalTerms } from './views';

/**
 * The texts of the renewal schedule's emails (decision 0046): one
 * template, the words chosen by milestone. The text version says what the HTML does.
 */

export interface MilestoneMailDetails {
  to: string;
  firstName: string;
  /** The zone its times are written in: the customer's, or the store's until theirs is known (decision 0074). */
  timeZone: string;
  milestone: MilestoneName;
  packageName: string;
  packageDuration: string;
  deviceCount: number;
  expirationDate: Date;
  subscriptionId: string;
  /** What renewing the same package and devices costs today. */
  renewalCents: Cents;
  autoCharge: RenewalTerms['autoCharge'];
  /** The saved card's charge of this period was declined (retried or failed for good): why, in plain words; nothing is promised then. */
  declineReason: string | null;
  /** The crypto renewal invoice to pay, when one was opened for this period (decision 0046). */
  invoiceUrl: string | null;
  /** A lapsed subscription's grace end. */
  graceEndsAt: Date | null;
  /** The owner's win-back coupon, for the win-back emails. */
  winBackCoupon: string | null;
}

const SUBJECTS: Record<MilestoneName, string> = {
  '7d': 'Your StreamPlus subscription expires in 7 days',
  '3d': 'Your StreamPlus subscription expires in 3 days',
  '1d': 'Your StreamPlus subscription expires tomorrow',
  '0d': 'Your StreamPlus subscription expires today',
  'trial-12h': 'Your StreamPlus trial ends in 12 hours',
  'trial-1h': 'Your StreamPlus trial ends in 1 hour',
  grace: 'Your StreamPlus subscription has expired',
  'win-back-7d': 'We miss you at StreamPlus',
  'win-back-30d': 'Come back to StreamPlus',
};

const AUTO_SUBJECTS: Partial<Record<MilestoneName, string>> = {
  '7d': 'Your StreamPlus subscription renews in 7 days',
  '3d': 'Your StreamPlus subscription renews in 3 days',
};

const RENEW = 'Renew now';

function paragraphsOf(details: MilestoneMailDetails, expiresOn: string): string[] {
  const price = formatDollars(details.renewalCents);
  const { milestone, autoCharge, packageName } = details;
  if (milestone === 'grace') {
    const until = details.graceEndsAt ? customerDateTime(details.graceEndsAt, details.timeZone) : null;
    return [
      `Your ${packageName} subscription expired on ${expiresOn}.`,
      until ? `Your devices keep working until ${until}; renew before then and nothing stops.` : 'Renew to turn your devices on again.',
      `Renewing costs ${price} today, with the same credentials.`,
    ];
  }
  if (milestone === 'win-back-7d' || milestone === 'win-back-30d') {
    return [
      `Your ${packageName} subscription ended on ${expiresOn}.`,
      details.winBackCoupon
        ? `Come back with the code ${details.winBackCoupon} at checkout; your credentials are kept.`
        : `Renew from your account for ${price} and your credentials are kept.`,
    ];
  }
  if (milestone === 'trial-12h' || milestone === 'trial-1h') {
    return [`Your free trial ends on ${expiresOn}.`, 'Choose a package in your account to keep watching with the same credentials.'];
  }
  if (details.declineReason) {
    return [
      `Your renewal payment failed: ${details.declineReason}`,
      `Your ${packageName} subscription expires on ${expiresOn}. Update your card, or renew by hand from your account for ${price}, to keep watching.`,
    ];
  }
  if (autoCharge) {
    return [
      `We will charge ${formatDollars(autoCharge.amountCents)} to your card ending ${autoCharge.last4} on ${customerDateTime(autoCharge.on, details.timeZone)}.`,
      ...(milestone === '7d' ? ['If the price changes before then, we charge the price of that day.'] : []),
    ];
  }
  return [
    `Your ${packageName} subscription expires on ${expiresOn}.`,
    ...(milestone === '7d' ? [`Renewing costs ${price} today. A renewal is charged at the price of the day you pay.`] : [`Renewing costs ${price} today.`]),
    ...(details.invoiceUrl ? ['Your renewal invoice is ready: pay it in cryptocurrency and your subscription runs on.'] : []),
  ];
}

export function renewalMilestoneMail(details: MilestoneMailDetails, publicUrl: string): Email {
  const expiresOn = customerDateTime(details.expirationDate, details.timeZone);
  const paragraphs = paragraphsOf(details, expiresOn);
  const subject = (details.autoCharge && AUTO_SUBJECTS[details.milestone]) || SUBJECTS[details.milestone];
  const heading = subject.replace(/^Your StreamPlus /, 'Your ');
  const account = accountLink(publicUrl);
  const button = details.declineReason
    ? { label: 'Update card', href: `${publicUrl.replace(/\/+$/, '')}${updateCardPath(details.subscriptionId)}` }
    : details.autoCharge
      ? { label: 'Manage your renewal', href: account }
      : { label: RENEW, href: details.invoiceUrl ?? account };
  const lapsed = details.milestone === 'grace' || details.milestone.startsWith('win-back');
  const facts: RenewalReminderProps['facts'] = [
    ['Package', `${details.packageName} (${details.packageDuration})`],
    ['Devices', String(details.deviceCount)],
    [lapsed ? 'Expired' : 'Expires', expiresOn],
  ];
  const couponCode = details.milestone.startsWith('win-back') ? details.winBackCoupon : null;
  const footnote = details.autoCharge ? 'You can turn automatic renewal off in your account at any time.' : 'Renew from your account to keep watching with the same credentials.';
  const text = [
    `Hello ${details.firstName},`,
    '',
    ...paragraphs,
    '',
    ...facts.map(([term, value]) => `${term}: ${value}`),
    ...(couponCode ? ['', `Your code: ${couponCode}`] : []),
    '',
    `${button.label}: ${button.href}`,
    '',
    'StreamPlus',
  ].join('\n');
  const html = createElement(RenewalReminderEmail, { heading, firstName: details.firstName, paragraphs, facts, couponCode, button, footnote });
  return { to: details.to, subject, text, html };
}

/** A renewal that cannot be offered: the owner stopped selling the package. */
export function packageRetiredMail(details: Pick<MilestoneMailDetails, 'to' | 'firstName' | 'timeZone' | 'packageName' | 'packageDuration' | 'deviceCount' | 'expirationDate'>, publicUrl: string): Email {
  const expiresOn = customerDateTime(details.expirationDate, details.timeZone);
  const paragraphs = [
    `Your ${details.packageName} subscription expires on ${expiresOn}.`,
    `We no longer sell ${details.packageName}, so it cannot be renewed as it is; nothing was charged. Choose another package in your account to keep watching.`,
  ];
  const facts: RenewalReminderProps['facts'] = [
    ['Package', `${details.packageName} (${details.packageDuration})`],
    ['Devices', String(details.deviceCount)],
    ['Expires', expiresOn],
  ];
  const button = { label: 'Choose a package', href: accountLink(publicUrl) };
  const subject = 'Your StreamPlus package is no longer sold';
  const text = [`Hello ${details.firstName},`, '', ...paragraphs, '', ...facts.map(([term, value]) => `${term}: ${value}`), '', `${button.label}: ${button.href}`, '', 'StreamPlus'].join('\n');
  const html = createElement(RenewalReminderEmail, { heading: 'Your package is no longer sold', firstName: details.firstName, paragraphs, facts, couponCode: null, button, footnote: null });
  return { to: details.to, subject, text, html };
}
