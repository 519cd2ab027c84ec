import { and, desc, eq, gt, inArray, isNotNull, lte, or } from 'drizzle-orm';
import { AWAITING_PAYMENT } from '#domain/order-status';
import type { OrderSummary } from '#contract/checkout';
import type { Db, DbOrTx } from '#server/db/connect';
import { orders } from './schema';
import type { AuditActor } from '../audit/service';
import type { CardPaymentProvider } from '#server/providers/payments/index';
import { createAdminOrderActions, type ServiceHooks } from './admin-actions';
import { completeOrder, type CompletionResult } from './completion';
import { abandonedReservations, releaseReservation, type AbandonedWindow } from './coupon-use';
import { setGiftCardDelivered } from './gift-cards';
import type { ErrorLog, PaymentLog } from './logs';
import { findOrder, type OrderRow } from './order-row';
import { isOrdersPayment, type PaymentEvidence } from './payment-evidence';
import { markOrderNeedsReview, markOrderPaymentFailed } from './status-changes';

// Every other feature's write to an order goes through these.
export * from './order-writes';
export { completeInTransaction, type CompletionResult } from './completion';
export type { ErrorLog, PaymentLog } from './logs';
export { findOrder, type OrderRow } from './order-row';
export { paymentMismatch, type PaymentEvidence } from './payment-evidence';

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
  };
}

/** app.services.orders: its status changes (completion.ts, status-changes.ts), plus what follows a payment. */
export function createOrders(
  db: Db,
  options: { onOrderPaid(orderId: string): Promise<void>; cardPayments: CardPaymentProvider; service: ServiceHooks },
) {
  /** Runs once per paid order, after the payment is committed (subscriptions' onOrderPaid). */
  async function afterPaid(orderId: string, log: ErrorLog): Promise<void> {
    // The payment stands whatever happens here: a lost hand-off is picked up by the
    // subscriptions sweep of paid orders that were never fulfilled.
    await options.onOrderPaid(orderId).catch((err: unknown) => log.error({ err, orderId }, 'handing a paid order to subscriptions failed'));
  }

  const adminActions = createAdminOrderActions(db, { cardPayments: options.cardPayments, service: options.service, afterPaid });

  return {
    ...adminActions,
    findOrder: (orderId: string) => findOrder(db, orderId),
    ordersAwaitingPayment: (window: AwaitingPaymentWindow) => ordersAwaitingPayment(db, window),
    async completeOrder(orderId: string, evidence: PaymentEvidence, log: PaymentLog): Promise<CompletionResult> {
      const result = await completeOrder(db, orderId, evidence);
      if (result.outcome === 'completed') await afterPaid(orderId, log);
      if (result.outcome === 'refused') log.warn({ orderId, evidence, reason: result.reason }, 'a payment that is not this order\'s was refused; the order is unchanged');
      return result;
    },
    afterPaid,
    /** A declined payment; given the payment, only when it is the order's own (payment-evidence.ts). */
    markOrderPaymentFailed: (orderId: string, reason: string, payment?: PaymentEvidence) =>
      markOrderPaymentFailed(db, orderId, reason, payment && isOrdersPayment(payment)),
    /** The order's payment can no longer come (a crypto payment expired or failed): failed, and its coupon use given back. */
    markOrderUnpayable: (orderId: string, reason: string) =>
      db.transaction(async (tx) => {
        await markOrderPaymentFailed(tx, orderId, reason);
        await releaseReservation(tx, orderId);
      }),
    abandonedReservations: (window: AbandonedWindow) => abandonedReservations(db, window),
    releaseReservation: (orderId: string) => db.transaction((tx) => releaseReservation(tx, orderId)),
    markOrderNeedsReview: (orderId: string, reason: string) => markOrderNeedsReview(db, orderId, reason),
    setGiftCardDelivered: (orderId: string, delivered: boolean, actor: AuditActor) => setGiftCardDelivered(db, orderId, delivered, actor),
  };
}

export type Orders = ReturnType<typeof createOrders>;

// For the refunds: whether an order holds a use of its coupon, and giving it back in the refund's transaction.
export { giveBackCouponUse, holdsCouponUse } from './coupon-use';

// The shipments of streaming box orders: every write to that table (./shipments.ts).
export { createShipment, markShipmentDelivered, moveCustomerShipments, moveOrderShipment, shippedMail, updateShipment } from './shipments';
