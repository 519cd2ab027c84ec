import { formatDollars } from '#domain/money';
import { customerDateTime } from '#domain/store-time';
import { storeLink, type Email } from '#server/lib/email/index';
import { serviceNoticeEmail } from './service-notice-email';
import { packageFacts, type MilestoneMailDetails, type SubscriptionNoticeDetails } from './reminder-emails';

type SuspendedMailDetails = SubscriptionNoticeDetails & Pick<MilestoneMailDetails, 'renewalCents'>;

/**
 * The grace period ended and the lines were turned off (decision 0046): a service notice,
 * sent whatever the customer's reminder choice (decision 0075), and how to restore it. Composed
 * here with the schedule's other emails (decision 0087); the renewal workflow that suspends queues it (decision 0084).
 */
export function suspendedMail(details: SuspendedMailDetails, publicUrl: string): Email {
  const expiredOn = customerDateTime(details.expirationDate, details.timeZone);
  const paragraphs = [
    `Your ${details.packageName} subscription expired on ${expiredOn} and its grace period has ended, so your devices have stopped.`,
    `Renew from your account to restore it: your devices work again at once, with the same credentials. Renewing costs ${formatDollars(details.renewalCents)} today.`,
  ];
  const facts = packageFacts(details, 'Expired', expiredOn);
  const button = { label: 'Renew now', href: storeLink(publicUrl, '/account') };
  return serviceNoticeEmail(details.to, 'Your StreamPlus subscription is suspended', { heading: 'Your subscription is suspended', firstName: details.firstName, paragraphs, facts, button });
}
