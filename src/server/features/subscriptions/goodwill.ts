import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { subscriptions } from './schema';

/** A subscription a goodwill gesture extended (decision 0102). */
interface GoodwillExtension {
  id: string;
  customerId: string;
  orderId: string;
  expiryBefore: Date;
  expiryAfter: Date;
}

const HOUR_MS = 60 * 60_000;

/**
 * Adds goodwill days to one of the customer's running subscriptions, in the caller's
 * transaction (the support workflow counts the days and audits them in it); null when the
 * subscription is not theirs or does not run. Counted in whole hours, as an incident's days are.
 */
export async function extendForGoodwill(tx: DbOrTx, subscriptionId: string, customerId: string, days: number, now: Date): Promise<GoodwillExtension | null> {
  const hours = days * 24;
  const [row] = await tx
    .update(subscriptions)
    .set({ expirationDate: sql`${subscriptions.expirationDate} + make_interval(hours => ${hours}::int)`, updatedAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId), eq(subscriptions.status, 'active')))
    .returning({ id: subscriptions.id, customerId: subscriptions.customerId, orderId: subscriptions.orderId, expiryAfter: subscriptions.expirationDate });
  return row ? { ...row, expiryBefore: new Date(row.expiryAfter.getTime() - hours * HOUR_MS) } : null;
}
