import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { LineUsage } from '#contract/disputes';
import type { DbOrTx } from '#server/db/connect';
import type { ProvisioningProvider } from '#server/providers/provisioning/index';
import { panelDevice } from './devices';
import { deviceCredentials, subscriptions } from './schema';

/**
 * A disputed payment's hold on its subscription (decision 0100), written only here: while
 * disputeSuspendedAt is set the panel's lines are off (provisioning's panelExpiryOf) and
 * automatic renewal is off; a won dispute lifts it, a lost one keeps it. The store's other
 * suspensions (grace, the owner's abuse) are apart and untouched.
 */

/** The subscription a paid order's service runs on: the one it renews, else the one it created; null before provisioning. */
export async function subscriptionOfPaidOrder(db: DbOrTx, order: { id: string; renewsSubscriptionId: string | null }): Promise<string | null> {
  if (order.renewsSubscriptionId) return order.renewsSubscriptionId;
  const [row] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.orderId, order.id));
  return row?.id ?? null;
}

/** Holds the subscription for a dispute and stops its automatic renewal; says whether automatic renewal was on. Null when it was held already. */
export async function holdForDispute(tx: DbOrTx, subscriptionId: string, now: Date): Promise<{ autoRenewWas: boolean } | null> {
  const [before] = await tx.select({ autoRenew: subscriptions.autoRenew }).from(subscriptions).where(and(eq(subscriptions.id, subscriptionId), isNull(subscriptions.disputeSuspendedAt))).for('update');
  if (!before) return null;
  await tx.update(subscriptions).set({ disputeSuspendedAt: now, autoRenew: false, updatedAt: now }).where(eq(subscriptions.id, subscriptionId));
  return { autoRenewWas: before.autoRenew };
}

/** Lifts a dispute's hold (a dispute won); false when there was none. Automatic renewal stays off: the customer turns it on again. */
export async function liftDisputeHold(tx: DbOrTx, subscriptionId: string, now: Date): Promise<boolean> {
  const lifted = await tx
    .update(subscriptions)
    .set({ disputeSuspendedAt: null, updatedAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), isNotNull(subscriptions.disputeSuspendedAt)))
    .returning({ id: subscriptions.id });
  return lifted.length === 1;
}

/**
 * Each device's use of its line as the panel says now, for a dispute's evidence: a device
 * the panel does not answer for is `available: false`, never a failure of the whole.
 */
export async function lineUsageOf(db: DbOrTx, provider: ProvisioningProvider, subscriptionId: string): Promise<LineUsage[]> {
  const devices = await db.select().from(deviceCredentials).where(eq(deviceCredentials.subscriptionId, subscriptionId)).orderBy(asc(deviceCredentials.deviceNumber));
  return Promise.all(
    devices.map(async (device) => {
      const known = { deviceNumber: device.deviceNumber, username: device.xtreamUsername };
      try {
        const live = await provider.deviceStatus(panelDevice(device));
        return { ...known, available: true, activeConnections: live.activeConnections, lastSeenAt: live.lastSeenAt?.toISOString() ?? null, addresses: live.addresses };
      } catch {
        return { ...known, available: false, activeConnections: null, lastSeenAt: null, addresses: [] };
      }
    }),
  );
}



