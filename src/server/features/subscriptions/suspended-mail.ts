import { formatDollars, type Cents } from '#domain/money';
import { customerDateTime } from '#domain/store-time';
import { accountLink, serviceNoticeEmail, type Email, type RenewalReminderProps } from '#server/features/mail/index';

export interface SuspendedMailDetails {
  to: string;
  firstName: string;
  /** The zone its times are written in: the customer's, or the store's until theirs is known (decision 0074). */
  timeZone: string;
  packageName: string;
  packageDuration: string;
  deviceCount: number;
  expirationDate: Date;
  /** What renewing the same package and devices costs today. */
  renewalCents: Cents;
}

/**
 * The grace period ended and the lines were turned off (decision 0046): a service notice,
 * sent whatever the customer's reminder choice (decision 0075), and how to restore it. It stays
 * beside grace.ts, which writes it, while the schedule's reminders are the renewals feature's (decision 0083).
 */
export function suspendedMail(details: SuspendedMailDetails, publicUrl: string): Email {
  const expiredOn = customerDateTime(details.expirationDate, details.timeZone);
  const paragraphs = [
    `Your ${details.packageName} subscription expired on ${expiredOn} and its grace period has ended, so your devices have stopped.`,
    `Renew from your account to restore it: your devices work again at once, with the same credentials. Renewing costs ${formatDollars(details.renewalCents)} today.`,
  ];
  const facts: RenewalReminderProps['facts'] = [
    ['Package', `${details.packageName} (${details.packageDuration})`],
    ['Devices', String(details.deviceCount)],
    ['Expired', expiredOn],
  ];
  const button = { label: 'Renew now', href: accountLink(publicUrl) };
  return serviceNoticeEmail(details.to, 'Your StreamPlus subscription is suspended', { heading: 'Your subscription is suspended', firstName: details.firstName, paragraphs, facts, button });
}
