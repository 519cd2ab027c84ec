import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { prebuilt } from '#server/db/prebuilt';
import { orders } from './schema';

/** An order as stored; every file of this feature reads it from here, so none imports another in a loop. */
export type OrderRow = typeof orders.$inferSelect;

const orderById = prebuilt((db) => db.select().from(orders).where(eq(orders.id, sql.placeholder('orderId'))).limit(1));
const lockedOrderById = prebuilt((db) => db.select().from(orders).where(eq(orders.id, sql.placeholder('orderId'))).for('update'));

export async function findOrder(db: DbOrTx, orderId: string): Promise<OrderRow | null> {
  const [row] = await orderById(db, { orderId });
  return row ?? null;
}

/** The order, locked for the rest of the transaction: its changes (a refund, a status, a gift card) take turns. */
export async function lockOrder(tx: DbOrTx, orderId: string): Promise<OrderRow | null> {
  const [order] = await lockedOrderById(tx, { orderId });
  return order ?? null;
}

const lockedPaymentStatus = prebuilt((db) => db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, sql.placeholder('orderId'))).for('update'));

/** Locks the order while its subscription is written; says whether it is still paid (a refund may have committed meanwhile). */
export async function lockPaidOrder(tx: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await lockedPaymentStatus(tx, { orderId });
  return row?.paymentStatus === 'completed';
}
