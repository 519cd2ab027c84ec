import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/connect';
import { packages } from '../catalog/schema';
import { orders } from '../orders/schema';
import { subscriptions } from './schema';
import { findCustomer } from '#server/features/accounts/customers';
import type { Mail } from '#server/features/mail/index';
import { orderConfirmationClaim } from '#server/features/orders/service';
import { expiryReminderMail, orderConfirmationMail } from './mails';
import type { Provisioning } from './provisioning';

/**
 * What happens to subscriptions over time (issue 4 point 7) and the mail after an order.
 * Each function is the body of a scheduled or queued job: safe to run again, and on any
 * number of instances at once.
 */

export const REMINDER_DAYS_BEFORE_EXPIRY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Jobs for a paid order are sent right after the payment commits; the sweep leaves them
 * this long first (re-sending is harmless, this only saves work). Short, as a restart
 * waits this long before its first sweep (docs/decisions/0015).
 */
export const SWEEP_GRACE_MS = 30 * 1000;
/**
 * The quick sweep of recently paid orders (docs/decisions/0029): an order whose hand-off
 * an instance's death lost is found by a survivor within HANDOFF_GRACE_MS plus its interval
 * of the payment. The grace leaves a live hand-off, which takes milliseconds, to finish;
 * the window bounds the look-up, older orders being the minute sweep's.
 */
const HANDOFF_GRACE_MS = 10 * 1000;
const RECENT_WINDOW_MS = 2 * 60 * 1000;
const BATCH = 200;

export interface LifecycleDeps {
  db: Db;
  mail: Mail;
  provisioning: Provisioning;
  publicUrl: string;
}

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
   * Emails, once per subscription period, a reminder to the owner of each active
   * subscription that expires within 3 days. Subscriptions no longer than that (the trial)
   * get none. Returns how many were written.
   */
  async function sendExpiryReminders(now = new Date()): Promise<number> {
    const horizon = new Date(now.getTime() + REMINDER_DAYS_BEFORE_EXPIRY * DAY_MS);
    const due = await db
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
    let sent = 0;
    for (const subscription of due) {
      const customer = await findCustomer(db, subscription.customerId);
      if (!customer) continue;
      // The claim and the email are one statement (docs/decisions/0028): two instances never both write it.
      const claim = db
        .update(subscriptions)
        .set({ reminderSentAt: now })
        .where(and(eq(subscriptions.id, subscription.id), isNull(subscriptions.reminderSentAt)))
        .returning({ id: subscriptions.id });
      const message = expiryReminderMail({ to: customer.email, firstName: customer.firstName, ...subscription }, publicUrl);
      const key = `expiry-reminder:${subscription.id}:${subscription.expirationDate.toISOString()}`;
      if (await mail.queue(db, message, { key, when: claim })) sent++;
    }
    return sent;
  }

  /**
   * Writes the order confirmation once, with its claim on the order in one statement
   * (docs/decisions/0028). Throws (to be retried) while the order is unpaid.
   */
  async function sendOrderConfirmation(orderId: string): Promise<boolean> {
    // The order with its package's name and duration: one read (docs/decisions/0023).
    const [found] = await db
      .select({ order: orders, pkg: { name: packages.name, duration: packages.duration } })
      .from(orders)
      .leftJoin(packages, eq(packages.id, orders.packageId))
      .where(eq(orders.id, orderId))
      .limit(1);
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

  /**
   * Paid orders whose provisioning or confirmation never finished (the process stopped
   * between the payment's commit and sending their jobs, or their jobs ran out of
   * attempts), paid more than a grace period ago.
   */
  async function unfinishedPaidOrders(now = new Date(), { graceMs = SWEEP_GRACE_MS, windowMs }: { graceMs?: number; windowMs?: number } = {}) {
    return db
      .select({ id: orders.id, fulfilledAt: orders.fulfilledAt, confirmationSentAt: orders.confirmationSentAt })
      .from(orders)
      .where(
        and(
          eq(orders.paymentStatus, 'completed'),
          lte(orders.paidAt, new Date(now.getTime() - graceMs)),
          windowMs === undefined ? undefined : gt(orders.paidAt, new Date(now.getTime() - windowMs)),
          or(isNull(orders.fulfilledAt), isNull(orders.confirmationSentAt)),
        ),
      )
      .orderBy(asc(orders.paidAt))
      .limit(BATCH);
  }

  /** The same, paid between HANDOFF_GRACE_MS and a couple of minutes ago: hand-offs a crash just lost. */
  const recentlyUnfinishedPaidOrders = (now = new Date()) => unfinishedPaidOrders(now, { graceMs: HANDOFF_GRACE_MS, windowMs: RECENT_WINDOW_MS });

  return { expireSubscriptions, sendExpiryReminders, sendOrderConfirmation, unfinishedPaidOrders, recentlyUnfinishedPaidOrders };
}

