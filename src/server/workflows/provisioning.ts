import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/connect';
import { prebuilt } from '#server/db/prebuilt';
import { createTurns } from '#server/lib/take-turns';
import { packagesForReading as packages } from '#server/features/catalog/index';
import type { Mail } from '#server/features/mail/index';
import { createShipment, lockPaidOrder, markOrderFulfilled, ordersForReading as orders, type OrderRow } from '#server/features/orders/index';
import { subscriptionsForReading as subscriptions, type BoughtPackage, type SavedCardSummaries, type Subscriptions } from '#server/features/subscriptions/index';
import { paidWithOfRenewal, queueRenewalReceipt, renewalReceiptOf, type ZoneOf } from './order-confirmation';

export interface ProvisioningDeps {
  db: Db;
  subscriptions: Pick<Subscriptions, 'provisioning'>;
  /** A renewal's receipt is written with the renewal (decision 0075). */
  mail: Pick<Mail, 'queue'>;
  publicUrl: string;
  savedCards: SavedCardSummaries | undefined;
  zoneOf: ZoneOf;
}

export type ProvisionResult =
  /** `appliedNow`: this call created or extended the subscription (not an earlier one). */
  | {
      outcome: 'provisioned';
      subscriptionId: string;
      customerId: string;
      appliedNow: boolean;
      /** The buyer asked for automatic renewal: the paying card is to be saved for this subscription (decision 0044). */
      autoRenew: boolean;
    }
  | { outcome: 'order_not_found' }
  /** Refunded before it was applied: it gets no service (decision 0021). */
  | { outcome: 'order_refunded' };

type OwnedOrder = OrderRow & { customerId: string };

// Read on every paid order: built once (docs/decisions/0039).
const orderPackageAndSubscription = prebuilt((db) =>
  db
    .select({ order: orders, pkg: packages, subscriptionId: subscriptions.id })
    .from(orders)
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1),
);

/**
 * Turns a paid order into streaming service (decision 0009): a new subscription with one
 * credential per device, a streaming box waiting for activation with its shipment, or a
 * renewal of an existing subscription with its receipt. The subscriptions feature makes the
 * panel's lines and writes its tables, the orders feature locks, ships and marks the order;
 * this flow holds the transaction in which both write (decision 0084). Every step can run
 * again, or twice at once, with the same result.
 */
export function createProvisioningWorkflow({ db, subscriptions: { provisioning }, mail, publicUrl, savedCards, zoneOf }: ProvisioningDeps) {
  /**
   * Runs of one order in this process take turns, so the later one finds the order applied
   * and makes no panel line (the trial's direct call and its job, a job run again after
   * its runner was thought dead; docs/decisions/0015).
   */
  const inTurn = createTurns<string>();

  /**
   * A new order: one subscription, one credential per device, a shipment for a box.
   * `existingId` is the order's subscription when it was read, if it had one.
   */
  async function startSubscription(order: OwnedOrder, pkg: BoughtPackage, existingId: string | null): Promise<ProvisionResult> {
    const done = { outcome: 'provisioned' as const, customerId: order.customerId, autoRenew: order.autoRenew };
    if (existingId) return { ...done, subscriptionId: existingId, appliedNow: false };
    const plan = await provisioning.newSubscriptionLines(order, pkg);

    /** The new subscription's id, null when another run applied the order first, or 'refunded'. */
    let createdId: string | null;
    try {
      createdId = await db.transaction(async (tx) => {
        if (!(await lockPaidOrder(tx, order.id))) return 'refunded' as const;
        const created = await provisioning.writeNewSubscription(tx, order, pkg, plan);
        if (!created) return null;
        if (plan.awaitsActivation) await createShipment(tx, order, created);
        await markOrderFulfilled(tx, order.id, plan.now);
        return created;
      });
    } catch (error) {
      await provisioning.discardLines(plan.lines);
      throw error;
    }
    if (createdId === 'refunded') {
      await provisioning.discardLines(plan.lines);
      return { outcome: 'order_refunded' };
    }
    if (createdId) return { ...done, subscriptionId: createdId, appliedNow: true };
    await provisioning.discardLines(plan.lines);
    const winner = await provisioning.subscriptionOfOrder(order.id);
    return { ...done, subscriptionId: winner!, appliedNow: false };
  }

  /** A renewal: the subscription runs on, claimed once through orders.fulfilled_at, with its receipt in the same transaction. */
  async function renewSubscription(order: OwnedOrder, pkg: BoughtPackage & { name: string; duration: string }, subscriptionId: string): Promise<ProvisionResult> {
    const done = { outcome: 'provisioned' as const, customerId: order.customerId, subscriptionId, autoRenew: order.autoRenew };
    if (order.fulfilledAt) {
      await provisioning.syncLines(subscriptionId);
      return { ...done, appliedNow: false };
    }
    const plan = await provisioning.renewalLines(order, pkg, subscriptionId);
    const paidWith = await paidWithOfRenewal(order, plan.savedCardId, savedCards);

    // The lines made above that this run did not use: all of them when another run won.
    let unused: typeof plan.lines | null;
    try {
      unused = await db.transaction(async (tx) => {
        // Not claimed: another run applied it, or a refund committed first.
        if (!(await markOrderFulfilled(tx, order.id, plan.now))) return null;
        const applied = await provisioning.applyRenewal(tx, order, pkg, subscriptionId, plan);
        const receipt = renewalReceiptOf(applied.period, paidWith, applied.renewsItself);
        await queueRenewalReceipt(tx, mail, publicUrl, order, pkg, receipt, await zoneOf(tx, order.customerId));
        return applied.unused;
      });
    } catch (error) {
      await provisioning.discardLines(plan.lines);
      throw error;
    }
    await provisioning.discardLines(unused ?? plan.lines);
    await provisioning.syncLines(subscriptionId);
    return { ...done, appliedNow: unused !== null };
  }

  async function provisionOrderNow(orderId: string): Promise<ProvisionResult> {
    // The order, its package and the subscription it started, if any: one read where three were (docs/decisions/0023).
    const [found] = await orderPackageAndSubscription(db, { orderId });
    if (!found) return { outcome: 'order_not_found' };
    const { order, pkg, subscriptionId } = found;
    if (order.paymentStatus === 'refunded') return { outcome: 'order_refunded' };
    if (order.paymentStatus !== 'completed') throw new Error(`Order ${orderId} is not paid (payment status ${order.paymentStatus})`);
    if (!order.customerId) throw new Error(`Order ${orderId} has no customer`);
    if (!pkg) throw new Error(`Order ${orderId} is for an unknown package ${order.packageId}`);
    const owned = { ...order, customerId: order.customerId };
    return order.renewsSubscriptionId ? renewSubscription(owned, pkg, order.renewsSubscriptionId) : startSubscription(owned, pkg, subscriptionId);
  }

  return {
    /**
     * Provisions a paid order; repeated and concurrent calls give one result. Throws
     * (so that its job is retried) while the order is not paid or the provider fails.
     */
    provisionOrder: (orderId: string): Promise<ProvisionResult> => inTurn(orderId, () => provisionOrderNow(orderId)),
  };
}

export type ProvisioningWorkflow = ReturnType<typeof createProvisioningWorkflow>;
