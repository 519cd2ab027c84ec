import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { subscriptions } from './schema';

/**
 * Whose subscriptions are whose: the accounts capability decides who owns an address and
 * calls these in its transaction; the subscriptions table is written here alone.
 */
export async function moveCustomerSubscriptions(tx: DbOrTx, fromCustomerId: string, toCustomerId: string): Promise<void> {
  await tx.update(subscriptions).set({ customerId: toCustomerId }).where(eq(subscriptions.customerId, fromCustomerId));
}

/**
 * The admin gives one order to another address (decision 0037). Its saved card stays with the
 * customer who saved it, so automatic renewal stops: the new owner adds a card of their own.
 */
export async function moveOrderSubscription(tx: DbOrTx, orderId: string, customerId: string): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ customerId, autoRenew: false, savedCardId: null, updatedAt: sql`now()` })
    .where(and(eq(subscriptions.orderId, orderId), ne(subscriptions.customerId, customerId)));
}
