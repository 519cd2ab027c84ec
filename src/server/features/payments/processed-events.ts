import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { processedEvents } from './schema';

/**
 * Provider notices already handled (Stripe event ids, crypto IPN ids): the one place where
 * card and crypto notices are de-duplicated. A notice is recorded after it was applied, so
 * one that failed half-way is handled again on the provider's retry; the transitions are
 * idempotent in any case, so a replay racing the first delivery is harmless.
 */
async function isEventProcessed(db: DbOrTx, eventId: string): Promise<boolean> {
  const rows = await db.select({ id: processedEvents.id }).from(processedEvents).where(eq(processedEvents.id, eventId)).limit(1);
  return rows.length > 0;
}

/**
 * Applies a provider's notice unless it was handled before. `apply` says whether it counted:
 * a notice it ignored (a wrong amount, say) is not recorded, so a later correct one with
 * the same id still counts.
 */
export async function handleNoticeOnce(db: DbOrTx, notice: { id: string; provider: string }, apply: () => Promise<boolean>): Promise<void> {
  if (await isEventProcessed(db, notice.id)) return;
  if (!(await apply())) return;
  await db.insert(processedEvents).values({ id: notice.id, provider: notice.provider }).onConflictDoNothing({ target: processedEvents.id });
}
