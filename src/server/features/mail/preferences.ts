import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { mailPreferences } from './schema';

/** Where a customer's choice about reminder emails was made. */
export type PreferenceSource = (typeof mailPreferences.$inferInsert)['changedBy'];

/** Whether the customer receives reminder and offer emails: yes unless they turned them off. */
export async function remindersOn(db: DbOrTx, customerId: string): Promise<boolean> {
  const [row] = await db.select({ reminders: mailPreferences.reminders }).from(mailPreferences).where(eq(mailPreferences.customerId, customerId));
  return row?.reminders ?? true;
}

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Records the customer's choice, made at `at` (the server's clock). False when the
 * customer is gone: a guest row merged into its account since the link was sent. Run it
 * on the database, not inside a larger transaction, which that refusal would abort.
 */
export async function setReminders(tx: DbOrTx, customerId: string, reminders: boolean, source: PreferenceSource, at: Date): Promise<boolean> {
  try {
    await tx
      .insert(mailPreferences)
      .values({ customerId, reminders, changedBy: source, changedAt: at })
      .onConflictDoUpdate({ target: mailPreferences.customerId, set: { reminders, changedBy: source, changedAt: at } });
    return true;
  } catch (error) {
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    if (code === FOREIGN_KEY_VIOLATION || cause?.code === FOREIGN_KEY_VIOLATION) return false;
    throw error;
  }
}

/**
 * A guest row merges into the account of the same address (features/accounts): a choice
 * made on the guest row carries over unless the account made a later one.
 */
export async function carryReminderChoice(tx: DbOrTx, fromCustomerId: string, toCustomerId: string): Promise<void> {
  await tx.execute(sql`
    insert into ${mailPreferences} (customer_id, reminders, changed_by, changed_at)
    select ${toCustomerId}::uuid, reminders, changed_by, changed_at from ${mailPreferences} where customer_id = ${fromCustomerId}::uuid
    on conflict (customer_id) do update set reminders = excluded.reminders, changed_by = excluded.changed_by, changed_at = excluded.changed_at
      where ${mailPreferences}.changed_at < excluded.changed_at`);
}

/** A statement's condition: the customer has not turned reminder emails off (mail.queue's reminders). */
export const remindersNotOff = (customerId: string) =>
  sql`not exists (select 1 from ${mailPreferences} where ${and(eq(mailPreferences.customerId, customerId), eq(mailPreferences.reminders, false))})`;
