import { eq } from 'drizzle-orm';
import { SUBSCRIPTION_CANCELLED } from '#contract/admin-orders';
import { subtractDuration } from '#domain/subscription-status';
import type { DbOrTx } from '#server/db/connect';
import { packages } from './packages';
import { deviceCredentials, subscriptions } from './schema';

/** The refunded order as this capability needs it. */
export interface RefundedOrder {
  id: string;
  packageId: string;
  renewsSubscriptionId: string | null;
  /** Whether provisioning applied the order (a renewal only moves a subscription once applied). */
  fulfilledAt: Date | null;
}

/** What a refund did to the service: the subscription whose panel lines follow, and its state before and after, for the audit row. */
export interface ServiceEnded {
  subscriptionId: string;
  before: { status: string; expirationDate: string };
  after: { status: string; expirationDate: string };
}

/**
 * Ends the service a refunded order paid for, inside the refund's transaction (decision
 * 0021): the subscription the order created is cancelled and its credentials made
 * inactive; a renewal gives back the time it added, and the subscription expires if none
 * of the earlier time is left. An order not yet applied has nothing to end (provisioning
 * refuses a refunded order). The panel lines follow after the commit (syncLines).
 */
export async function endServiceOfRefund(tx: DbOrTx, order: RefundedOrder, now: Date): Promise<ServiceEnded | null> {
  const renewal = order.renewsSubscriptionId !== null;
  if (renewal && !order.fulfilledAt) return null;
  const [subscription] = await tx
    .select({ id: subscriptions.id, status: subscriptions.status, expirationDate: subscriptions.expirationDate })
    .from(subscriptions)
    .where(renewal ? eq(subscriptions.id, order.renewsSubscriptionId!) : eq(subscriptions.orderId, order.id))
    .for('update');
  if (!subscription || subscription.status === SUBSCRIPTION_CANCELLED) return null;
  const before = { status: subscription.status, expirationDate: subscription.expirationDate.toISOString() };

  if (!renewal) {
    await tx.update(subscriptions).set({ status: SUBSCRIPTION_CANCELLED, updatedAt: now }).where(eq(subscriptions.id, subscription.id));
    await tx.update(deviceCredentials).set({ isActive: false, updatedAt: now }).where(eq(deviceCredentials.subscriptionId, subscription.id));
    return { subscriptionId: subscription.id, before, after: { ...before, status: SUBSCRIPTION_CANCELLED } };
  }

  const [pkg] = await tx.select({ unit: packages.durationUnit, value: packages.durationValue }).from(packages).where(eq(packages.id, order.packageId));
  if (!pkg) throw new Error(`Order ${order.id} is for an unknown package ${order.packageId}`);
  const expirationDate = subtractDuration(subscription.expirationDate, pkg);
  const runsOut = expirationDate.getTime() <= now.getTime();
  // A subscription still waiting for its box keeps waiting; only a running one can run out.
  const status = runsOut && subscription.status === 'active' ? 'expired' : subscription.status;
  await tx
    .update(subscriptions)
    // A refund that ends the time gives no grace period (decision 0046): its lines stop now.
    .set({ expirationDate, status, ...(status === 'expired' ? { graceSuspendedAt: now, graceLinesOffAt: now } : {}), updatedAt: now })
    .where(eq(subscriptions.id, subscription.id));
  return { subscriptionId: subscription.id, before, after: { status, expirationDate: expirationDate.toISOString() } };
}
