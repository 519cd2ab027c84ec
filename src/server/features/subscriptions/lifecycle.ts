import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { graceEnd } from '#domain/renewal-milestones';
import { addDuration, subtractDuration } from '#domain/subscription-status';
import type { Clock } from '#server/lib/clock';
import type { Db } from '#server/db/connect';
import { prebuilt } from '#server/db/prebuilt';
import { packagesForReading as packages } from '#server/features/catalog/index';
import { ordersForReading as orders, type OrderRow } from '#server/features/orders/index';
import { subscriptions } from './schema';
import type { Mail } from '#server/features/mail/index';
import { orderConfirmationClaim } from '#server/features/orders/index';
import { orderConfirmationMail } from '#server/features/mail/index';
import type { Provisioning } from './provisioning';
import { autoRenewalOf, confirmationOf, paidWithOfRenewal, queueRenewalReceipt, renewalReceiptOf, type ZoneOf } from './receipts';
import { renewalPrices, type SavedCardSummaries } from './views';

/**
 * What happens to subscriptions over time, and the confirmation mail after an order.
 * Each function is the body of a scheduled or queued job: safe to run again, and on any
 * number of instances at once.
 */

const BATCH = 200;

export interface LifecycleDeps {
  db: Db;
  mail: Mail;
  provisioning: Provisioning;
  publicUrl: string;
  clock: Clock;
  graceDays: number;
  savedCards: SavedCardSummaries | undefined;
  zoneOf: ZoneOf;
  storeTimeZone: string;
}

// Read for every confirmation: built once (docs/decisions/0039).
const orderWithPackageName = prebuilt((db) =>
  db
    .select({
      order: orders,
      pkg: { name: packages.name, duration: packages.duration, price: packages.price, requiresShipping: packages.requiresShipping, unit: packages.durationUnit, value: packages.durationValue },
    })
    .from(orders)
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1),
);

export function createLifecycle({ db, mail, provisioning, publicUrl, clock, graceDays, savedCards, zoneOf, storeTimeZone }: LifecycleDeps) {
  /**
   * Marks active subscriptions past their expiry as expired. A paid one's lines run on for
   * the grace period (decision 0046): the panel is told their new end first, so a panel
   * that fails leaves the subscription due and the next run tries again; without a grace
   * period (GRACE_DAYS=0, or the hour-long trial) the lines are disabled first, as they
   * always were. Returns how many expired.
   */
  async function expireSubscriptions(now = clock.now()): Promise<number> {
    const due = await db
      .select({ id: subscriptions.id, expirationDate: subscriptions.expirationDate, durationUnit: packages.durationUnit })
      .from(subscriptions)
      .innerJoin(packages, eq(packages.id, subscriptions.packageId))
      .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.expirationDate, now)))
      .orderBy(asc(subscriptions.expirationDate))
      .limit(BATCH);
    let expired = 0;
    let failure: unknown = null;
    for (const { id, expirationDate, durationUnit } of due) {
      // The trial has no grace: it is a taste, not a paid line that lapsed (decision 0046).
      const graceful = graceDays > 0 && durationUnit !== 'hours';
      try {
        if (graceful) await provisioning.extendLinesUntil(id, graceEnd(expirationDate, graceDays));
        else await provisioning.disableLines(id);
        const marked = await db
          .update(subscriptions)
          .set({ status: 'expired', updatedAt: now, ...(graceful ? {} : { graceSuspendedAt: now, graceLinesOffAt: now }) })
          .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active'), lte(subscriptions.expirationDate, now)))
          .returning({ id: subscriptions.id });
        if (marked.length === 1) expired++;
        // Renewed meanwhile: its lines must run to the new expiry.
        else await provisioning.syncLines(id);
      } catch (error) {
        failure ??= error;
      }
    }
    // The first failure fails the run (the rest were tried); the next scheduled run tries again.
    if (failure) throw failure instanceof Error ? failure : new Error('Expiring subscriptions failed', { cause: failure });
    return expired;
  }

  /**
   * Writes the order confirmation once, with its claim on the order in one statement
   * (docs/decisions/0028). Throws (to be retried) while the order is unpaid.
   */
  async function sendOrderConfirmation(orderId: string): Promise<boolean> {
    // The order with its package's name and duration: one read (docs/decisions/0023).
    const [found] = await orderWithPackageName(db, { orderId });
    const { order, pkg } = found ?? {};
    // A refund before the mail went out ends its job: the buyer is not told of a purchase undone (decision 0021).
    if (!order || order.paymentStatus === 'refunded') return false;
    if (order.paymentStatus !== 'completed') throw new Error(`Order ${orderId} is not paid (payment status ${order.paymentStatus})`);
    if (!pkg) throw new Error(`Order ${orderId} is for an unknown package ${order.packageId}`);
    if (order.renewsSubscriptionId) return sendRenewalReceipt(order, pkg, order.renewsSubscriptionId);
    const [renewalPrice = null] = order.autoRenew ? await renewalPrices(db, [pkg]) : [];
    const autoRenewal = order.autoRenew ? autoRenewalOf(renewalPrice, Number(order.deviceCount)) : null;
    const trialEndsAt = pkg.unit === 'hours' ? await trialEnd(order, pkg) : null;
    // Only a trial's confirmation writes a date: a purchase's reads no zone, and its background work keeps its statement count.
    const timeZone = trialEndsAt ? await zoneOf(db, order.customerId) : storeTimeZone;
    const message = orderConfirmationMail(confirmationOf(order, pkg, timeZone, { autoRenewal, trialEndsAt }), publicUrl);
    return mail.queue(db, message, { key: `order-confirmation:${orderId}`, when: orderConfirmationClaim(db, orderId) });
  }

  /** The trial's end: its subscription's expiry, or, before provisioning wrote it, what provisioning will write. */
  async function trialEnd(order: OrderRow, pkg: { unit: 'hours' | 'months'; value: number }): Promise<Date> {
    const [subscription] = await db.select({ expirationDate: subscriptions.expirationDate }).from(subscriptions).where(eq(subscriptions.orderId, order.id));
    return subscription?.expirationDate ?? addDuration(order.paidAt ?? clock.now(), pkg);
  }

  /**
   * A renewal's receipt is written by the provisioning that applies it, which knows the period
   * it paid for (decision 0075): nothing to do before then. One applied without its receipt
   * (before that was so) gets it here, its period counted back from the expiry.
   */
  async function sendRenewalReceipt(order: OrderRow, pkg: { name: string; duration: string; unit: 'hours' | 'months'; value: number }, subscriptionId: string): Promise<boolean> {
    if (!order.fulfilledAt || order.confirmationSentAt) return false;
    const [subscription] = await db
      .select({ expirationDate: subscriptions.expirationDate, autoRenew: subscriptions.autoRenew, savedCardId: subscriptions.savedCardId })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    if (!subscription) throw new Error(`Order ${order.id} renews subscription ${subscriptionId}, which does not exist`);
    const until = subscription.expirationDate;
    const period = { from: subtractDuration(until, pkg), until };
    const paidWith = await paidWithOfRenewal(order, subscription.savedCardId, savedCards);
    return queueRenewalReceipt(db, mail, publicUrl, order, pkg, renewalReceiptOf(period, paidWith, subscription.autoRenew && subscription.savedCardId !== null), await zoneOf(db, order.customerId));
  }

  return { expireSubscriptions, sendOrderConfirmation };
}

