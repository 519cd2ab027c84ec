import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { orders } from './schema';

/** An order as stored; every file of this feature reads it from here, so none imports another in a loop. */
export type OrderRow = typeof orders.$inferSelect;

export async function findOrder(db: DbOrTx, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

/** The order, locked for the rest of the transaction: its changes (a refund, a status, a gift card) take turns. */
export async function lockOrder(tx: DbOrTx, orderId: string): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order ?? null;
}
