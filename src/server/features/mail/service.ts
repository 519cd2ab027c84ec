import type { SQLWrapper } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/connect';
import type { PrebuiltCause } from '#server/db/prebuilt';
import type { JobQueue } from '#server/jobs/queue';
import type { Clock } from '#server/lib/clock';
import type { Email } from '#server/lib/email/index';
import type { StoreMetrics } from '#server/lib/metrics/store-metrics';
import type { MailMessage, MailProvider } from '#server/providers/mail/index';
import { findOutboxRow, insertOutboxRow, markDelivered, recordDeliveryFailure, undeliveredRows } from './outbox-rows';
import { remindersNotOff, remindersOn, setReminders, type PreferenceSource } from './preferences';
import { renderEmailHtml } from './render';
import { customerOfUnsubscribeToken, listUnsubscribeHeaders, unsubscribeToken } from './unsubscribe-link';
import { inTransaction } from '#server/db/in-transaction';

/** The durable jobs of mail (D10). */
export const MAIL_JOBS = {
  /** Delivers one outbox row through the SMTP server; retried with backoff while it fails. */
  deliver: 'deliver-mail',
  /** Gives every email still due a delivery job (one lost or out of attempts). */
  sweep: 'sweep-unsent-mail',
} as const;

/**
 * The sweep looks at emails written between 3 days and 2 minutes ago. A delivery job
 * normally ends within seconds of the commit and retries for about 4 days; the sweep only
 * stands in for a job that is gone. Older emails are left undelivered, with their last
 * error: their password links expire after 48 hours and a reminder is due 3 days before
 * its expiry.
 */
const SWEEP = { cron: '* * * * *', afterStartSeconds: 30, graceMs: 2 * 60_000, windowMs: 3 * 24 * 60 * 60_000, batch: 200 };
/** A scheduled run that fails is simply done by the next one. */
const SCHEDULED_POLICY = { retryLimit: 2, retryDelaySeconds: 30, concurrency: 1 };

interface QueueOptions {
  /**
   * What the email is, unique among all emails (order-confirmation:<order id>): a change
   * that runs again (a job's retry) writes no second email.
   */
  key: string;
  /** The change that causes the email, as a statement yielding a row when it applies: see NewOutboxRow.when. */
  when?: SQLWrapper | PrebuiltCause;
  /** The email carries a password link: SMTP delivery removes it from the kept text. */
  secretLinks?: boolean;
  /**
   * An email a customer may unsubscribe from (a reminder, a win-back offer; decision 0040):
   * it carries List-Unsubscribe with One-Click (RFC 8058) and a visible unsubscribe link,
   * and nothing is written when that customer turned reminder emails off. Transactional
   * emails (receipts, password links, refunds, renewal charged or failed) leave it out.
   */
  reminder?: { customerId: string };
}

export interface MailDeps {
  db: Db;
  provider: MailProvider;
  jobs: JobQueue;
  clock: Clock;
  /** The store's address (PUBLIC_URL): its links and the unsubscribe page's. */
  publicUrl: string;
  /** The key of the unsubscribe links' signatures (SESSION_SECRET). */
  secret: string;
  /** Counts each delivery attempt, sent or failed (decision 0091). */
  metrics: Pick<StoreMetrics, 'emailDelivered'>;
}

/**
 * The mail service (services.ts): every email the store sends (docs/decisions/0028). Features write an
 * email with `queue` in the transaction of the change that causes it; with SMTP a durable
 * job, added in the same transaction, delivers it. A crash therefore loses no email, and a
 * key makes a change that runs twice write it once. Delivery is at least once: a crash
 * after the SMTP server took an email and before its row is marked sends it again, with
 * the same Message-ID.
 */
export function createMail({ db, provider, jobs, clock, publicUrl, secret, metrics }: MailDeps) {
  const storeUrl = publicUrl.replace(/\/+$/, '');
  const unsubscribePage = (customerId: string) => `${storeUrl}/unsubscribe?token=${unsubscribeToken(secret, customerId)}`;

  /** The email as it is kept and sent: its HTML drawn, and a reminder's unsubscribe link in both parts and in its header. */
  async function compose(email: Email, reminder: QueueOptions['reminder']): Promise<MailMessage> {
    const unsubscribeUrl = reminder ? unsubscribePage(reminder.customerId) : null;
    return {
      to: email.to,
      subject: email.subject,
      text: unsubscribeUrl ? `${email.text}\n\nUnsubscribe from reminder and offer emails: ${unsubscribeUrl}` : email.text,
      ...(email.html ? { html: await renderEmailHtml(email.html, { storeUrl, unsubscribeUrl }) } : {}),
      headers: unsubscribeUrl ? listUnsubscribeHeaders(unsubscribeUrl) : {},
    };
  }

  /** Turns a customer's reminder emails on or off, as of the server's clock (one statement, outside any transaction: see setReminders). */
  const chooseReminders = (customerId: string, reminders: boolean, source: PreferenceSource) => setReminders(db, customerId, reminders, source, clock.now());

  // The demo outbox: the row is the kept email, with no delivery to make (no job, no statement).
  const keptAsWritten = provider.kind === 'outbox';

  jobs.work<{ mailId: string }>(MAIL_JOBS.deliver, async ({ mailId }) => {
    const row = await findOutboxRow(db, mailId);
    if (!row || row.sentAt) return;
    try {
      await provider.send({ to: row.to, subject: row.subject, text: row.text, headers: row.headers, ...(row.html ? { html: row.html } : {}) }, row.id);
    } catch (error) {
      metrics.emailDelivered('failed');
      await recordDeliveryFailure(db, mailId, error instanceof Error ? error.message : String(error));
      throw error;
    }
    metrics.emailDelivered('sent');
    await markDelivered(db, mailId, { forgetSecretLinks: provider.kind === 'smtp' });
  });

  jobs.work(
    MAIL_JOBS.sweep,
    async () => {
      const now = Date.now();
      const due = await undeliveredRows(db, { writtenAfter: new Date(now - SWEEP.windowMs), writtenBefore: new Date(now - SWEEP.graceMs), limit: SWEEP.batch });
      // A job still waiting or retrying keeps its id: sending again adds nothing; one out of attempts is put back.
      for (const { id } of due) await jobs.send(MAIL_JOBS.deliver, { mailId: id }, { singletonKey: id, requeueFailed: true });
    },
    SCHEDULED_POLICY,
  );
  jobs.schedule(MAIL_JOBS.sweep, SWEEP.cron, { afterStartSeconds: SWEEP.afterStartSeconds });

  return {
    /** How emails leave: 'smtp', or 'outbox' (kept in the database, D7). */
    kind: provider.kind,

    /**
     * Writes an email in `tx`, the transaction of the change that causes it (or alone, on
     * the database), and with SMTP its delivery job in the same transaction. True when it
     * was written; false when its key was taken or `when` did not apply.
     */
    async queue(tx: DbOrTx, email: Email, { key, when, secretLinks = false, reminder }: QueueOptions): Promise<boolean> {
      const message = await compose(email, reminder);
      const onlyIf = reminder ? remindersNotOff(reminder.customerId) : undefined;
      if (keptAsWritten) {
        const id = await insertOutboxRow(tx, message, { key, when, secretLinks, onlyIf, kept: true });
        // Logs its links, as the demo always has (before a caller's commit, which is rarely undone).
        if (id) await provider.send(message, id);
        return id !== null;
      }
      return inTransaction(db, tx, async (inTx) => {
        const id = await insertOutboxRow(inTx, message, { key, when, secretLinks, onlyIf, kept: false });
        if (id) await jobs.sendInTransaction(inTx, [{ name: MAIL_JOBS.deliver, data: { mailId: id }, singletonKey: id }]);
        return id !== null;
      });
    },

    /** Whether the customer receives reminder and offer emails (the account page's switch). */
    remindersOn: (customerId: string) => remindersOn(db, customerId),

    /** The account page's switch: reminder and offer emails on or off. */
    setReminders: (customerId: string, reminders: boolean) => chooseReminders(customerId, reminders, 'account'),

    /** The customer an unsubscribe link was made for; null for a forged one. */
    customerOfUnsubscribeToken: (token: string) => customerOfUnsubscribeToken(secret, token),

    /**
     * An unsubscribe link was used, from its page or by a mail client's one-click POST:
     * reminders off for its customer. True when the link is genuine; a forged one changes
     * nothing. Used again, it changes nothing more.
     */
    async unsubscribe(token: string, source: Exclude<PreferenceSource, 'account'>): Promise<boolean> {
      const customerId = customerOfUnsubscribeToken(secret, token);
      if (!customerId) return false;
      if (await remindersOn(db, customerId)) await chooseReminders(customerId, false, source);
      return true;
    },

    /** At start-up: with SMTP, the job queue is installed before any transaction adds a delivery. */
    async prepare(): Promise<void> {
      if (!keptAsWritten) await jobs.ready();
    },
  };
}

export type Mail = ReturnType<typeof createMail>;
