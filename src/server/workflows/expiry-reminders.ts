import type { Db } from '#server/db/connect';
import type { JobQueue } from '#server/jobs/queue';
import type { Clock } from '#server/lib/clock';
import { findCustomer } from '#server/features/accounts/index';
import type { Mail } from '#server/features/mail/index';
import { expiryReminderMail, SCHEDULED_POLICY, type Subscriptions } from '#server/features/subscriptions/index';

export const EXPIRY_REMINDERS_JOB = 'expiry-reminders';
const EXPIRY_REMINDERS_CRON = '*/15 * * * *';

export interface ExpiryRemindersDeps {
  db: Db;
  jobs: JobQueue;
  mail: Pick<Mail, 'queue'>;
  subscriptions: Pick<Subscriptions, 'remindersDue' | 'reminderClaim'>;
  publicUrl: string;
  clock: Clock;
}

/**
 * The renewal reminder: once per subscription period, an email to the owner of each active
 * subscription that expires within 3 days (the subscriptions feature says which are due,
 * the accounts feature whom to write to). A scheduled job, safe on any number of instances.
 */
export function createExpiryReminders({ db, jobs, mail, subscriptions, publicUrl, clock }: ExpiryRemindersDeps) {
  /** Writes the due reminders; returns how many were written. */
  async function sendExpiryReminders(now = clock.now()): Promise<number> {
    let sent = 0;
    for (const subscription of await subscriptions.remindersDue(now)) {
      const customer = await findCustomer(db, subscription.customerId);
      if (!customer) continue;
      const message = expiryReminderMail({ to: customer.email, firstName: customer.firstName, ...subscription }, publicUrl);
      const key = `expiry-reminder:${subscription.id}:${subscription.expirationDate.toISOString()}`;
      // The claim and the email are one statement (docs/decisions/0028): two instances never both write it.
      // A reminder: unsubscribe headers and link, and nothing written for a customer who turned reminders off (decision 0040).
      const reminder = { customerId: subscription.customerId };
      if (await mail.queue(db, message, { key, when: subscriptions.reminderClaim(subscription.id, now), reminder })) sent++;
    }
    return sent;
  }

  jobs.work(EXPIRY_REMINDERS_JOB, async () => void (await sendExpiryReminders()), SCHEDULED_POLICY);
  jobs.schedule(EXPIRY_REMINDERS_JOB, EXPIRY_REMINDERS_CRON);

  return { sendExpiryReminders };
}
