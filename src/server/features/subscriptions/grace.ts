import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { subscriptions } from './schema';

/**
 * The grace columns of a lapsed subscription (decision 0046), written only here, by the
 * table's owner: graceSuspendedAt says the store suspends it, graceLinesOffAt that the panel
 * confirmed its lines off. When to suspend, and the audit row and notice that go with it, are
 * the renewals workflow's (decision 0083). A renewal (provisioning's renewSubscription) clears
 * both; the owner's abuse suspension (devicesSuspendedAt) is apart and untouched.
 */

/** A subscription whose grace period ended, as a suspension names it. */
export interface LapsedSubscription {
  id: string;
  orderId: string;
  customerId: string;
  packageId: string;
  expirationDate: Date;
  deviceCount: number;
}

/**
 * Still lapsed past its grace: 'expired', with an expiry at or before `graceStartedBy`. A
 * renewal meanwhile made it active and moved its expiry. Not an equality with the expiry read:
 * a Date holds milliseconds, and an expiry written with microseconds (by SQL, an import) would
 * never match, so the same rows would be picked by every pass and none after them suspended.
 */
const stillLapsed = (id: string, graceStartedBy: Date) => and(eq(subscriptions.id, id), eq(subscriptions.status, 'expired'), lte(subscriptions.expirationDate, graceStartedBy));

/** Up to `limit` expired subscriptions whose grace started by `graceStartedBy` and whose lines are not confirmed off, oldest expiry first. */
export function lapsedPastGrace(db: DbOrTx, graceStartedBy: Date, limit: number): Promise<LapsedSubscription[]> {
  return db
    .select({
      id: subscriptions.id,
      orderId: subscriptions.orderId,
      customerId: subscriptions.customerId,
      packageId: subscriptions.packageId,
      expirationDate: subscriptions.expirationDate,
      deviceCount: subscriptions.deviceCount,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'expired'), isNull(subscriptions.graceLinesOffAt), lte(subscriptions.expirationDate, graceStartedBy)))
    .orderBy(asc(subscriptions.expirationDate))
    .limit(limit);
}

/** Marks the subscription suspended (first time only) while it is still lapsed; false when a renewal came first. */
export async function markGraceSuspended(db: DbOrTx, id: string, graceStartedBy: Date, now: Date): Promise<boolean> {
  const marked = await db
    .update(subscriptions)
    .set({ graceSuspendedAt: sql`coalesce(${subscriptions.graceSuspendedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(stillLapsed(id, graceStartedBy))
    .returning({ id: subscriptions.id });
  return marked.length > 0;
}

/**
 * Records, in the caller's transaction, that the panel turned the lines off: 'now' when this
 * call recorded it, 'before' when another instance's pass did, null when a renewal came first
 * (its lines must run again).
 */
export async function confirmLinesOff(tx: DbOrTx, id: string, graceStartedBy: Date, now: Date): Promise<'now' | 'before' | null> {
  const [row] = await tx
    .update(subscriptions)
    .set({ graceLinesOffAt: sql`coalesce(${subscriptions.graceLinesOffAt}, ${now.toISOString()}::timestamptz)` })
    .where(stillLapsed(id, graceStartedBy))
    .returning({ confirmedNow: sql<boolean>`${subscriptions.graceLinesOffAt} = ${now.toISOString()}::timestamptz` });
  if (!row) return null;
  return row.confirmedNow ? 'now' : 'before';
}
