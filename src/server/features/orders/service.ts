import { and, desc, eq, gt, inArray, isNotNull, lte, or } from 'drizzle-orm';
import { AWAITING_PAYMENT } from '#domain/order-status';
import type { OrderSummary } from '#contract/checkout';
import type { Db, DbOrTx } from '#server/db/connect';
import { orders } from './schema';
import type { CardPaymentProvider } from '#server/providers/payments/index';
import { createAdminOrderActions } from './admin-actions';
import { recentlyUnfinishedPaidOrders, unfinishedPaidOrders, type UnfinishedWindow } from './unfinished';
import { completeOrder, type CompletionResult } from './completion';
import { abandonedReservations, releaseReservation, type AbandonedWindow } from './coupon-use';
import { setGiftCardDelivered, type GiftCardDeliveryChange } from './gift-cards';
import type { PaymentLog } from '#server/lib/logs';
import { findOrder, type OrderRow } from './order-row';
import { isOrdersPayment, type PaymentEvidence } from './payment-evidence';
import { markOrderNeedsReview, markOrderPaymentFailed } from './status-changes';
import type { StoreMetrics } from '#server/lib/metrics/store-metrics';

export interface AwaitingPaymentWindow {
  placedBefore: Date;
  cardPlacedAfter: Date;
  cryptoPlacedAfter: Date;
  limit: number;
}

/**
 * Unpaid orders with a payment at the provider, placed before `placedBefore` and after
 * their method's start, newest first: card orders pending or declined (the buyer may pay
 * with another card), crypto orders pending. For reconciliation (docs/decisions/0015).
 */
export async function ordersAwaitingPayment(db: DbOrTx, window: AwaitingPaymentWindow): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        lte(orders.createdAt, window.placedBefore),
        or(
          and(
            eq(orders.paymentMethod, 'card'),
            gt(orders.createdAt, window.cardPlacedAfter),
            inArray(orders.paymentStatus, [...AWAITING_PAYMENT]),
            isNotNull(orders.stripePaymentIntentId),
          ),
          and(
            eq(orders.paymentMethod, 'crypto'),
            gt(orders.createdAt, window.cryptoPlacedAfter),
            eq(orders.paymentStatus, 'pending'),
            isNotNull(orders.cryptoPaymentId),
          ),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(window.limit);
}

export function toOrderSummary(order: OrderRow): OrderSummary {
  return {
    id: order.id,
    packageId: order.packageId,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    deviceCount: Number(order.deviceCount),
    couponCode: order.couponCode,
    subtotalAmount: order.subtotalAmount,
    couponDiscount: order.couponDiscount,
    totalAmount: order.totalAmount,
    cashbackAmount: order.cashbackAmount,
    currency: order.currency,
  };
}

/**
 * The orders service (services.ts): its status changes (completion.ts, status-changes.ts) and the admin's
 * actions on an order. What follows a payment is the paid-order workflow's, not this feature's.
 * Each change a payment makes is counted by its order's method once it is done (decision 0091).
 */
export function createOrders(db: Db, options: { cardPayments: CardPaymentProvider; metrics: Pick<StoreMetrics, 'orderFinished'> }) {
  const adminActions = createAdminOrderActions(db, { cardPayments: options.cardPayments });
  const { metrics } = options;
  /** Counts a change that applied (a row), and says whether it did. */
  const counted = (changed: OrderRow | null, result: 'failed' | 'needs_review') => {
    if (changed) metrics.orderFinished(changed.paymentMethod, result);
    return changed !== null;
  };

  return {
    ...adminActions,
    findOrder: (orderId: string) => findOrder(db, orderId),
    ordersAwaitingPayment: (window: AwaitingPaymentWindow) => ordersAwaitingPayment(db, window),
    unfinishedPaidOrders: (now?: Date, window?: UnfinishedWindow) => unfinishedPaidOrders(db, now, window),
    recentlyUnfinishedPaidOrders: (now?: Date) => recentlyUnfinishedPaidOrders(db, now),
    /** Completes the order with its payment; 'completed' tells the caller that this call did it, so it runs what follows. */
    async completeOrder(orderId: string, evidence: PaymentEvidence, log: PaymentLog): Promise<CompletionResult> {
      const result = await completeOrder(db, orderId, evidence);
      if (result.outcome === 'completed') metrics.orderFinished(result.order.paymentMethod, 'paid');
      if (result.outcome === 'refused') log.warn({ orderId, evidence, reason: result.reason }, 'a payment that is not this order\'s was refused; the order is unchanged');
      return result;
    },
    /** A declined payment; given the payment, only when it is the order's own (payment-evidence.ts). */
    markOrderPaymentFailed: async (orderId: string, reason: string, payment?: PaymentEvidence) =>
      counted(await markOrderPaymentFailed(db, orderId, reason, payment && isOrdersPayment(payment)), 'failed'),
    /** The order's payment can no longer come (a crypto payment expired or failed): failed, and its coupon use given back. */
    async markOrderUnpayable(orderId: string, reason: string): Promise<void> {
      const failed = await db.transaction(async (tx) => {
        const changed = await markOrderPaymentFailed(tx, orderId, reason);
        await releaseReservation(tx, orderId);
        return changed;
      });
      counted(failed, 'failed');
    },
    abandonedReservations: (window: AbandonedWindow) => abandonedReservations(db, window),
    releaseReservation: (orderId: string) => db.transaction((tx) => releaseReservation(tx, orderId)),
    markOrderNeedsReview: async (orderId: string, reason: string, receivedAmount?: string) =>
      counted(await markOrderNeedsReview(db, orderId, reason, receivedAmount), 'needs_review'),
    /** In the admin's transaction, which writes the audit row it returns (workflows/order-admin.ts). */
    setGiftCardDelivered: (tx: DbOrTx, orderId: string, change: GiftCardDeliveryChange, timeZone: string) => setGiftCardDelivered(tx, orderId, change, timeZone),
  };
}

export type Orders = ReturnType<typeof createOrders>;
