import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { processedEvents } from '#server/db/schema';

/**
 * Provider events already handled (Stripe event ids, crypto IPN ids). An event is recorded
 * after it was handled, so one that failed half-way is handled again on the provider's
 * retry; handling is idempotent in any case, so a replay racing the first delivery is harmless.
 */
export async function isEventProcessed(db: DbOrTx, eventId: string): Promise<boolean> {
  const rows = await db.select({ id: processedEvents.id }).from(processedEvents).where(eq(processedEvents.id, eventId)).limit(1);
  return rows.length > 0;
}

export async function recordProcessedEvent(db: DbOrTx, eventId: string, provider: string): Promise<void> {
  await db.insert(processedEvents).values({ id: eventId, provider }).onConflictDoNothing({ target: processedEvents.id });
}
