import { storeLink, type Email } from '#server/lib/email/index';
import { serviceNoticeEmail } from './service-notice-email';
import { packageFacts, writerOf, type MilestoneMailDetails, type SubscriptionNoticeDetails } from './reminder-emails';

type SuspendedMailDetails = SubscriptionNoticeDetails & Pick<MilestoneMailDetails, 'renewalCents'>;

/**
 * The grace period ended and the lines were turned off (decision 0046): a service notice,
 * sent whatever the customer's reminder choice (decision 0075), and how to restore it. Composed
 * here with the schedule's other emails (decision 0087); the renewal workflow that suspends queues it (decision 0084).
 */
export function suspendedMail(details: SuspendedMailDetails, publicUrl: string): Email {
  const { words, t, price, dayTime } = writerOf(details);
  const expiredOn = dayTime(details.expirationDate);
  const paragraphs = [
    t('suspended.stopped', { packageName: details.packageName, date: expiredOn }),
    t('suspended.restore', { price: price(details.renewalCents) }),
  ];
  const facts = packageFacts(details, 'Expired', expiredOn);
  const button = { label: t('reminder.renewNow'), href: storeLink(publicUrl, '/account') };
  return serviceNoticeEmail(details.to, t('suspended.subject'), { heading: t('suspended.heading'), firstName: details.firstName, paragraphs, facts, button, locale: words.locale });
}
