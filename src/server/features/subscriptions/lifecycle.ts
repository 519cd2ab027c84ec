import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
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

export const REMINDER_DAYS_BEFORE_EXPIRY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

export interface LifecycleDeps {
  db: Db;
  mail: Mail;
  provisioning: Provisioning;
  publicUrl: string;
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

export function createLifecycle({ db, mail, provisioning, publicUrl }: LifecycleDeps) {
  /**
   * Marks active subscriptions past their expiry as expired, disabling their panel lines
   * first: if the panel fails, the subscription stays due and the next run tries again.
   * Returns how many expired.
   */
  async function expireSubscriptions(now = new Date()): Promise<number> {
    const due = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.expirationDate, now)))
      .orderBy(asc(subscriptions.expirationDate))
      .limit(BATCH);
    let expired = 0;
    let failure: unknown = null;
    for (const { id } of due) {
      try {
        await provisioning.disableLines(id);
        const marked = await db
          .update(subscriptions)
          .set({ status: 'expired', updatedAt: now })
          .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active'), lte(subscriptions.expirationDate, now)))
          .returning({ id: subscriptions.id });
        if (marked.length === 1) expired++;
        // Renewed meanwhile: its lines must run again.
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
   * Active subscriptions that expire within 3 days and have had no reminder this period,
   * with their package's name. Subscriptions no longer than that (the trial) get none.
   */
  async function remindersDue(now = new Date()) {
    const horizon = new Date(now.getTime() + REMINDER_DAYS_BEFORE_EXPIRY * DAY_MS);
    return db
      .select({
        id: subscriptions.id,
        customerId: subscriptions.customerId,
        expirationDate: subscriptions.expirationDate,
        packageName: packages.name,
      })
      .from(subscriptions)
      .innerJoin(packages, eq(packages.id, subscriptions.packageId))
      .where(
        and(
          eq(subscriptions.status, 'active'),
          isNull(subscriptions.reminderSentAt),
          gt(subscriptions.expirationDate, now),
          lte(subscriptions.expirationDate, horizon),
          sql`${subscriptions.expirationDate} - ${subscriptions.startDate} > make_interval(days => ${REMINDER_DAYS_BEFORE_EXPIRY})`,
        ),
      )
      .limit(BATCH);
  }

  /** The reminder's claim on its subscription, for the email's own statement (docs/decisions/0028): two instances never both write it. */
  const reminderClaim = (subscriptionId: string, now: Date) =>
    db
      .update(subscriptions)
      .set({ reminderSentAt: now })
      .where(and(eq(subscriptions.id, subscriptionId), isNull(subscriptions.reminderSentAt)))
      .returning({ id: subscriptions.id });

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

  return { expireSubscriptions, remindersDue, reminderClaim, sendOrderConfirmation };
}

