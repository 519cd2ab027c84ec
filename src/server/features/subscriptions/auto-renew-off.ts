import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { subscriptions } from './schema';

/**
 * Turns a subscription's automatic renewal off in the caller's transaction (an admin's
 * 'Cancel auto-renew', with its audit row). Answers the subscription's first order, by which
 * the admin's lists name it, and whether this call turned it off; null for an unknown one.
 */
export async function turnOffAutoRenew(tx: DbOrTx, subscriptionId: string, now: Date): Promise<{ orderId: string; turnedOff: boolean } | null> {
  const [changed] = await tx
    .update(subscriptions)
    .set({ autoRenew: false, updatedAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.autoRenew, true)))
    .returning({ orderId: subscriptions.orderId });
  if (changed) return { orderId: changed.orderId, turnedOff: true };
  const [existing] = await tx.select({ orderId: subscriptions.orderId }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return existing ? { orderId: existing.orderId, turnedOff: false } : null;
}
