import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { orders } from './schema';

/** An order as stored; every file of this feature reads it from here, so none imports another in a loop. */
export type OrderRow = typeof orders.$inferSelect;

export async function findOrder(db: DbOrTx, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}
