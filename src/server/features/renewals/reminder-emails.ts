import { createElement } from 'react';
import { formatDollars, type Cents } from '#domain/money';
import type { MilestoneName } from '#domain/renewal-milestones';
import { customerDate, customerDateTime } from '#domain/store-time';
import { storeLink, type Email } from '#server/lib/email/index';
import { serviceNoticeEmail } from './service-notice-email';
import { RenewalReminderEmail, type RenewalReminderProps } from './reminder-template';

/**
 * The texts of the renewal schedule's emails (decision 0046): one
 * template, the words chosen by milestone. The text version says what the HTML does.
 */

/** The schedule's milestones drawn here; the auto-renewing subscription's notice has its own email (charge-notice-email.ts). */
type ScheduleMilestone = Exclude<MilestoneName, 'renewal-notice'>;

export interface MilestoneMailDetails {
  to: string;
  firstName: string;
  /** The zone its times are written in: the customer's, or the store's until theirs is known (decision 0074). */
  timeZone: string;
  milestone: ScheduleMilestone;
  packageName: string;
  packageDuration: string;
  deviceCount: number;
  expirationDate: Date;
  /** What renewing the same package and devices costs today. */
  renewalCents: Cents;
  /** The expiry a renewal paid before this one gives (the crypto invoice says it). */
  renewsUntil: Date;
  /** The crypto renewal invoice to pay, when one was opened for this period (decision 0046). */
  invoiceUrl: string | null;
  /** A lapsed subscription's grace end. */
  graceEndsAt: Date | null;
  /** The owner's win-back coupon, for the win-back emails. */
  winBackCoupon: string | null;
}

const SUBJECTS: Record<ScheduleMilestone, string> = {
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

/** Who is written to and about which subscription: what every notice of the schedule says first. */
export type SubscriptionNoticeDetails = Pick<MilestoneMailDetails, 'to' | 'firstName' | 'timeZone' | 'packageName' | 'packageDuration' | 'deviceCount' | 'expirationDate'>;

/** The package, its devices and its expiry, as every notice of the schedule lists them. */
export const packageFacts = (details: SubscriptionNoticeDetails, expiry: 'Expires' | 'Expired', on: string): RenewalReminderProps['facts'] => [
  ['Package', `${details.packageName} (${details.packageDuration})`],
  ['Devices', String(details.deviceCount)],
  [expiry, on],
];

const RENEW = 'Renew now';
const CHOOSE = 'Choose a package';

function paragraphsOf(details: MilestoneMailDetails, expiresOn: string): string[] {
  const price = formatDollars(details.renewalCents);
  const { milestone, packageName } = details;
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
  if (details.invoiceUrl) {
    return [
      `Your ${packageName} subscription expires on ${expiresOn}.`,
      `Your renewal invoice is ready: ${packageName}, ${price}, paid in cryptocurrency. Once it is paid your subscription runs until ${customerDate(details.renewsUntil, details.timeZone)}, with the same credentials.`,
    ];
  }
  return [
    `Your ${packageName} subscription expires on ${expiresOn}.`,
    ...(milestone === '7d' ? [`Renewing costs ${price} today. A renewal is charged at the price of the day you pay.`] : [`Renewing costs ${price} today.`]),
  ];
}

export function renewalMilestoneMail(details: MilestoneMailDetails, publicUrl: string): Email {
  const expiresOn = customerDateTime(details.expirationDate, details.timeZone);
  const paragraphs = paragraphsOf(details, expiresOn);
  const subject = SUBJECTS[details.milestone];
  const heading = subject.replace(/^Your StreamPlus /, 'Your ');
  const account = storeLink(publicUrl, '/account');
  const trial = details.milestone === 'trial-12h' || details.milestone === 'trial-1h';
  const button = trial ? { label: CHOOSE, href: account } : { label: RENEW, href: details.invoiceUrl ?? account };
  const lapsed = details.milestone === 'grace' || details.milestone.startsWith('win-back');
  const facts = packageFacts(details, lapsed ? 'Expired' : 'Expires', expiresOn);
  const couponCode = details.milestone.startsWith('win-back') ? details.winBackCoupon : null;
  const footnote = trial ? 'Choose a package in your account to keep watching with the same credentials.' : 'Renew from your account to keep watching with the same credentials.';
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
export function packageRetiredMail(details: SubscriptionNoticeDetails, publicUrl: string): Email {
  const expiresOn = customerDateTime(details.expirationDate, details.timeZone);
  const paragraphs = [
    `Your ${details.packageName} subscription expires on ${expiresOn}.`,
    `We no longer sell ${details.packageName}, so it cannot be renewed as it is; nothing was charged. Choose another package in your account to keep watching.`,
  ];
  const facts = packageFacts(details, 'Expires', expiresOn);
  const button = { label: 'Choose a package', href: storeLink(publicUrl, '/account') };
  return serviceNoticeEmail(details.to, 'Your StreamPlus package is no longer sold', { heading: 'Your package is no longer sold', firstName: details.firstName, paragraphs, facts, button });
}
