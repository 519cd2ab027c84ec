import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { subscriptions } from './schema';

/**
 * Whose subscriptions are whose: the accounts capability decides who owns an address and
 * calls these in its transaction; the subscriptions table is written here alone.
 */
export async function moveCustomerSubscriptions(tx: DbOrTx, fromCustomerId: string, toCustomerId: string): Promise<void> {
  await tx.update(subscriptions).set({ customerId: toCustomerId }).where(eq(subscriptions.customerId, fromCustomerId));
}

export async function moveOrderSubscription(tx: DbOrTx, orderId: string, customerId: string): Promise<void> {
  await tx.update(subscriptions).set({ customerId, updatedAt: sql`now()` }).where(eq(subscriptions.orderId, orderId));
}
