import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { orderTallies } from '../orders/schema';
import { subscriptionTallies } from '../subscriptions/schema';

/**
 * The unfiltered lists' totals (x-total-count) from the counts the writers keep (decision
 * 0049): a few rows, where count(*) read a million. Each resolves to one row `{ total }`,
 * as drizzle's count() select does. A filtered list still counts its matches.
 */
const tallyTotal = (db: DbOrTx, tally: 'orders' | 'notifications') =>
  db
    .select({ total: sql<number>`coalesce(sum(${orderTallies.count}), 0)::int`.mapWith(Number) })
    .from(orderTallies)
    .where(eq(orderTallies.tally, tally));

export const orderTotal = (db: DbOrTx) => tallyTotal(db, 'orders');
export const notificationTotal = (db: DbOrTx) => tallyTotal(db, 'notifications');
export const subscriptionTotal = (db: DbOrTx) =>
  db.select({ total: sql<number>`coalesce(sum(${subscriptionTallies.count}), 0)::int`.mapWith(Number) }).from(subscriptionTallies);
