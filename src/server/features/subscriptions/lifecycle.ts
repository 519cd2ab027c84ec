import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { graceEnd } from '#domain/renewal-milestones';
import type { Clock } from '#server/lib/clock';
import type { Db } from '#server/db/connect';
import { prebuilt } from '#server/db/prebuilt';
import { packagesForReading as packages } from '#server/features/catalog/index';
import { ordersForReading as orders } from '#server/features/orders/index';
import { subscriptions } from './schema';
import type { Mail } from '#server/features/mail/index';
import { orderConfirmationClaim } from '#server/features/orders/index';
import { orderConfirmationMail } from './mails';
import type { Provisioning } from './provisioning';

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
}

// Read for every confirmation: built once (docs/decisions/0039).
const orderWithPackageName = prebuilt((db) =>
  db
    .select({ order: orders, pkg: { name: packages.name, duration: packages.duration } })
    .from(orders)
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1),
);

export function createLifecycle({ db, mail, provisioning, publicUrl, clock, graceDays }: LifecycleDeps) {
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
    const message = orderConfirmationMail(
      {
        orderId,
        to: order.customerEmail,
        customerName: order.customerName,
        packageName: pkg.name,
        packageDuration: pkg.duration,
        deviceCount: Number(order.deviceCount),
        paymentMethod: order.paymentMethod,
        totalAmount: order.totalAmount,
        couponCode: order.couponCode,
        couponDiscount: order.couponDiscount,
        giftCard: order.selectedGiftCard,
        cashbackAmount: order.cashbackAmount,
        isRenewal: order.renewsSubscriptionId !== null,
        shipsTo: order.requiresShipping ? order.shippingCountry : null,
      },
      publicUrl,
    );
    return mail.queue(db, message, { key: `order-confirmation:${orderId}`, when: orderConfirmationClaim(db, orderId) });
  }

  return { expireSubscriptions, sendOrderConfirmation };
}

