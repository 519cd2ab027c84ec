import type { SQLWrapper } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '#server/db/connect';
import type { JobQueue } from '#server/jobs/queue';
import type { MailMessage, MailProvider } from '#server/providers/mail/index';
import { findOutboxRow, insertOutboxRow, markDelivered, recordDeliveryFailure, undeliveredRows } from './outbox-rows';

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
  when?: SQLWrapper;
  /** The email carries a password link: SMTP delivery removes it from the kept text. */
  secretLinks?: boolean;
}

/** Runs `work` in the caller's transaction, or in a new one when given the database itself. */
function inTransaction<T>(db: Db, tx: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return tx instanceof PgTransaction ? work(tx) : db.transaction(work);
}

/**
 * app.services.mail: every email the store sends (docs/decisions/0028). Features write an
 * email with `queue` in the transaction of the change that causes it; with SMTP a durable
 * job, added in the same transaction, delivers it. A crash therefore loses no email, and a
 * key makes a change that runs twice write it once. Delivery is at least once: a crash
 * after the SMTP server took an email and before its row is marked sends it again, with
 * the same Message-ID.
 */
export function createMail({ db, provider, jobs }: { db: Db; provider: MailProvider; jobs: JobQueue }) {
  // The demo outbox: the row is the kept email, with no delivery to make (no job, no statement).
  const keptAsWritten = provider.kind === 'outbox';

  jobs.work<{ mailId: string }>(MAIL_JOBS.deliver, async ({ mailId }) => {
    const row = await findOutboxRow(db, mailId);
    if (!row || row.sentAt) return;
    try {
      await provider.send({ to: row.to, subject: row.subject, text: row.text, ...(row.html ? { html: row.html } : {}) }, row.id);
    } catch (error) {
      await recordDeliveryFailure(db, mailId, error instanceof Error ? error.message : String(error));
      throw error;
    }
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
    async queue(tx: DbOrTx, message: MailMessage, { key, when, secretLinks = false }: QueueOptions): Promise<boolean> {
      if (keptAsWritten) {
        const id = await insertOutboxRow(tx, message, { key, when, secretLinks, kept: true });
        // Logs its links, as the demo always has (before a caller's commit, which is rarely undone).
        if (id) await provider.send(message, id);
        return id !== null;
      }
      return inTransaction(db, tx, async (inTx) => {
        const id = await insertOutboxRow(inTx, message, { key, when, secretLinks, kept: false });
        if (id) await jobs.sendInTransaction(inTx, [{ name: MAIL_JOBS.deliver, data: { mailId: id }, singletonKey: id }]);
        return id !== null;
      });
    },

    /** At start-up: with SMTP, the job queue is installed before any transaction adds a delivery. */
    async prepare(): Promise<void> {
      if (!keptAsWritten) await jobs.ready();
    },
  };
}

export type Mail = ReturnType<typeof createMail>;
