import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { orders } from '../orders/schema';

/**
 * The devices provisioned from `since` to `until` (decision 0093): the devices of the orders
 * paid in that time whose lines were made, new subscriptions, renewals and trials alike; one
 * panel credit each. The panel's credits last at this rate. Refunded orders are left out.
 * Read from the paid orders' index (orders_paid_idx).
 */
export async function devicesProvisioned(db: DbOrTx, since: Date, until: Date): Promise<number> {
  const [row] = await db
    .select({ devices: sql<number>`coalesce(sum(${orders.deviceCount}::int), 0)::int`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'completed'), gte(orders.paidAt, since), lte(orders.paidAt, until), isNotNull(orders.fulfilledAt)));
  return row?.devices ?? 0;
}
