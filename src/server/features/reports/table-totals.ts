import { eq, inArray, like, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus } from '#domain/order-status';
import type { DbOrTx } from '#server/db/connect';
import { prebuiltSql } from '#server/db/prebuilt';
import { mailOutboxTallies } from '../mail/schema';
import { orderTallies } from '../orders/schema';
import { subscriptionTallies } from '../subscriptions/schema';

/**
 * The lists' totals (x-total-count) from the counts the writers keep (decisions 0049, 0055):
 * a few rows, where count(*) read a million. Each resolves to one row `{ total }`, as
 * drizzle's count() select does. A list filtered otherwise still counts its matches.
 */
const summed = (count: AnyColumn) => sql<number>`coalesce(sum(${count}), 0)::int`.mapWith(Number);
const tallyTotal = (db: DbOrTx, tally: SQL) => db.select({ total: summed(orderTallies.count) }).from(orderTallies).where(tally);

export const orderTotal = (db: DbOrTx) => tallyTotal(db, eq(orderTallies.tally, 'orders'));
export const notificationTotal = (db: DbOrTx) => tallyTotal(db, eq(orderTallies.tally, 'notifications'));
/**
 * A total with no condition has no parameter, so the pool would send it unnamed and
 * PostgreSQL would plan it on every call; built once and named, it is planned once per
 * connection (decisions 0056, 0063).
 */
const wholeTotal = (count: AnyColumn) => prebuiltSql<{ total: number }>(() => sql`select ${summed(count)} as total from ${count.table}`);
export const subscriptionTotal = wholeTotal(subscriptionTallies.count);
export const outboxTotal = wholeTotal(mailOutboxTallies.count);

/**
 * Orders of one payment status, of one package, or both (drizzle/0022's tallies, one per
 * status and package: 'listed:<status>:<package>'). A status is one of the contract's words
 * (no ':' and no LIKE wildcard), so a status's prefix matches its tallies alone; a package id
 * is any text, so it is matched whole, beside each status.
 */
export function listedOrderTotal(db: DbOrTx, by: { paymentStatus?: OrderStatus | undefined; packageId?: string | undefined }) {
  const { paymentStatus, packageId } = by;
  const key = (status: string) => `listed:${status}:${packageId}`;
  if (packageId === undefined) return tallyTotal(db, like(orderTallies.tally, `listed:${paymentStatus}:%`));
  return tallyTotal(db, inArray(orderTallies.tally, paymentStatus ? [key(paymentStatus)] : ORDER_STATUSES.map(key)));
}
