import {
  adminOrderActionMessages,
  ORDER_NOT_FOUND,
  ORDER_NOT_HONOURABLE,
  ORDER_NOT_PROVISIONABLE,
  ORDER_NOT_REFUNDABLE,
  REFUND_NOTE_REQUIRED,
  type AdminOrderAction,
} from '#contract/admin-orders';
import { parseMoney } from '#domain/money';
import { canBecome } from '#domain/order-status';
import type { Db, DbOrTx } from '#server/db/connect';
import { badRequest, conflict, HttpError, notFound } from '#server/http/errors';
import { CARD_PROVIDER_UNAVAILABLE_MESSAGE, type CardPaymentProvider, type CardRefund } from '#server/providers/payments/index';
import { recordAdminAction, type AuditActor } from '#server/features/audit/index';
import { giveBackCouponUse, takeCouponUseAtPayment } from './coupon-use';
import { findOrder, type OrderRow } from './order-row';
import { recordPurchaseNotification } from './purchase-notification';
import { markOrderHonoured, markOrderRefunded } from './status-changes';

export interface AdminOrderActionsDeps {
  cardPayments: CardPaymentProvider;
}

/** An order the refund's transaction marked refunded: as it was before, and whether its coupon use went back. */
interface RefundedInTransaction {
  before: OrderRow;
  couponReleased: boolean;
}

/** The key of the order's one provider refund: a repeat or a concurrent refund gets the same one. */
export const refundIdempotencyKey = (orderId: string) => `refund-order-${orderId}`;

/**
 * The orders' part of the admin's actions on one order: refund, honour, retry provisioning
 * (decision 0021). workflows/order-admin.ts joins them with the service and the jobs; the
 * honour and the retry write their audit rows here, the refund's is the workflow's (it
 * records what happened to the subscription too), each in the transaction of its change.
 */
export function createAdminOrderActions(db: Db, deps: AdminOrderActionsDeps) {
  const action = (orderId: string, paymentStatus: AdminOrderAction['paymentStatus'], message: string): AdminOrderAction => ({ orderId, paymentStatus, message });

  async function existing(orderId: string): Promise<OrderRow> {
    const order = await findOrder(db, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  /** Card money goes back through the provider before anything is written: a refund that failed changes nothing. */
  async function refundAtProvider(order: OrderRow): Promise<CardRefund | null> {
    if (order.paymentMethod !== 'card' || parseMoney(order.totalAmount) === 0) return null;
    if (!order.stripePaymentIntentId) throw conflict(ORDER_NOT_REFUNDABLE);
    try {
      return await deps.cardPayments.refund(order.stripePaymentIntentId, { idempotencyKey: refundIdempotencyKey(order.id) });
    } catch (error) {
      throw Object.assign(new HttpError(502, CARD_PROVIDER_UNAVAILABLE_MESSAGE), { cause: error });
    }
  }

  /**
   * The first half of POST /api/admin/orders/:orderId/refund (the refund workflow runs the
   * rest): the order must be refundable, a crypto refund needs its note, and card money goes
   * back through the provider before anything is written, so a refund that failed changes
   * nothing. Null when the order is already refunded: a second refund calls the provider no more.
   */
  async function prepareRefund(orderId: string, note: string | undefined): Promise<{ order: OrderRow; providerRefund: CardRefund | null } | null> {
    const order = await existing(orderId);
    if (order.paymentStatus === 'refunded') return null;
    // Asked before the provider moves any money; the transaction's UPDATE guards it again.
    if (!canBecome(order.paymentStatus, 'refunded')) throw conflict(ORDER_NOT_REFUNDABLE);
    if (order.paymentMethod === 'crypto' && !note) throw badRequest(REFUND_NOTE_REQUIRED);
    return { order, providerRefund: await refundAtProvider(order) };
  }

  /**
   * In the refund's transaction: the order refunded and its coupon use given back. Null when
   * a concurrent refund committed first (same provider refund, by its key); 409 for an order
   * that became unrefundable meanwhile.
   */
  async function refundInTransaction(tx: DbOrTx, orderId: string): Promise<RefundedInTransaction | null> {
    const before = await markOrderRefunded(tx, orderId);
    if (!before) {
      if ((await findOrder(tx, orderId))?.paymentStatus === 'refunded') return null;
      throw conflict(ORDER_NOT_REFUNDABLE);
    }
    return { before, couponReleased: await giveBackCouponUse(tx, orderId) };
  }

  /**
   * POST /api/admin/orders/:orderId/honour: a needs_review order completes as it stands (the
   * amount received accepted, its coupon's discount honoured and its use counted even past
   * the limit); the paid-order workflow then takes it as any paid order. Once: a second call is 409.
   */
  async function honour(orderId: string, actor: AuditActor): Promise<AdminOrderAction> {
    await existing(orderId);
    await db.transaction(async (tx) => {
      const honoured = await markOrderHonoured(tx, orderId);
      if (!honoured) throw conflict(ORDER_NOT_HONOURABLE);
      // A use reserved at checkout is kept; an order holding none counts one, past the limit if need be (decision 0020).
      await takeCouponUseAtPayment(tx, honoured);
      await recordPurchaseNotification(tx, honoured);
      await recordAdminAction(tx, {
        actor,
        action: 'order.honour',
        target: { type: 'order', id: orderId },
        before: { paymentStatus: 'needs_review' },
        after: { paymentStatus: 'completed', couponCounted: honoured.couponCode },
      });
    });
    return action(orderId, 'completed', adminOrderActionMessages.honoured(orderId));
  }

  /**
   * POST /api/admin/orders/:orderId/retry-provisioning, its check and audit row: a paid order
   * without its service is to get its provisioning job again (`requeue`, which the paid-order
   * workflow sends); one that has it answers so.
   */
  async function retryProvisioning(orderId: string, actor: AuditActor): Promise<{ answer: AdminOrderAction; requeue: boolean }> {
    const order = await existing(orderId);
    if (order.paymentStatus !== 'completed') throw conflict(ORDER_NOT_PROVISIONABLE);
    if (order.fulfilledAt) return { answer: action(orderId, 'completed', adminOrderActionMessages.alreadyProvisioned(orderId)), requeue: false };
    await db.transaction((tx) =>
      recordAdminAction(tx, {
        actor,
        action: 'order.retry_provisioning',
        target: { type: 'order', id: orderId },
        before: { failureReason: order.failureReason },
        after: { provisioningQueued: true },
      }),
    );
    return { answer: action(orderId, 'completed', adminOrderActionMessages.provisioningQueued(orderId)), requeue: true };
  }

  return { prepareRefund, refundInTransaction, honour, retryProvisioning };
}
