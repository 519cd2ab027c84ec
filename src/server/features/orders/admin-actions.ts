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
import { recordAdminAction, type AuditActor } from '../audit/service';
import { giveBackCouponUse, takeCouponUseAtPayment } from './coupon-use';
import type { ErrorLog } from './logs';
import { findOrder, type OrderRow } from './order-row';
import { recordPurchaseNotification } from './purchase-notification';
import { markOrderHonoured, markOrderRefunded } from './status-changes';

/** What the admin's order actions need of the subscriptions capability (injected: it imports this feature). */
export interface ServiceHooks {
  endServiceOfRefund(tx: DbOrTx, order: OrderRow): Promise<{ subscriptionId: string; before: object; after: object } | null>;
  syncLinesAfterRefund(subscriptionId: string, orderId: string): Promise<void>;
  requeueProvisioning(orderId: string): Promise<void>;
}

export interface AdminOrderActionsDeps {
  cardPayments: CardPaymentProvider;
  service: ServiceHooks;
  afterPaid(orderId: string, log: ErrorLog): Promise<void>;
}

/** The key of the order's one provider refund: a repeat or a concurrent refund gets the same one. */
export const refundIdempotencyKey = (orderId: string) => `refund-order-${orderId}`;

/**
 * The admin's actions on one order: refund, honour, retry provisioning (decision 0021).
 * Each writes its audit row in the transaction of its change.
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
   * POST /api/admin/orders/:orderId/refund: the whole total back (card: through the
   * provider; crypto: by hand, the note says how; free: nothing to pay back), then in one
   * transaction the order refunded, its service ended, its coupon use given back and the
   * audit row; then its panel lines disabled by a durable job. A second refund answers the
   * same state and calls the provider no more.
   */
  async function refund(orderId: string, note: string | undefined, actor: AuditActor, log: ErrorLog): Promise<AdminOrderAction> {
    const order = await existing(orderId);
    const done = action(orderId, 'refunded', adminOrderActionMessages.refunded(orderId));
    if (order.paymentStatus === 'refunded') return done;
    // Asked before the provider moves any money; the transaction's UPDATE guards it again.
    if (!canBecome(order.paymentStatus, 'refunded')) throw conflict(ORDER_NOT_REFUNDABLE);
    if (order.paymentMethod === 'crypto' && !note) throw badRequest(REFUND_NOTE_REQUIRED);
    const providerRefund = await refundAtProvider(order);

    const ended = await db.transaction(async (tx) => {
      const before = await markOrderRefunded(tx, orderId);
      if (!before) {
        // A concurrent refund committed first (same provider refund, by its key); anything else is not refundable.
        if ((await findOrder(tx, orderId))?.paymentStatus === 'refunded') return null;
        throw conflict(ORDER_NOT_REFUNDABLE);
      }
      const couponReleased = await giveBackCouponUse(tx, orderId);
      const service = await deps.service.endServiceOfRefund(tx, before);
      await recordAdminAction(tx, {
        actor,
        action: 'order.refund',
        target: { type: 'order', id: orderId },
        before: { paymentStatus: before.paymentStatus, ...(service ? { subscription: service.before } : {}) },
        after: {
          paymentStatus: 'refunded',
          amount: before.totalAmount,
          refund: providerRefund ? { id: providerRefund.id, status: providerRefund.status } : null,
          couponReleased,
          ...(note ? { note } : {}),
          ...(service ? { subscription: service.after } : {}),
        },
      });
      return service;
    });
    if (ended) {
      // The refund stands whatever the panel does: the job retries until the lines are off.
      await deps.service
        .syncLinesAfterRefund(ended.subscriptionId, orderId)
        .catch((err: unknown) => log.error({ err, orderId }, 'queueing the panel lines of a refunded order failed'));
    }
    return done;
  }

  /**
   * POST /api/admin/orders/:orderId/honour: a needs_review order completes as it stands (the
   * amount received accepted, its coupon's discount honoured and its use counted even past
   * the limit) and goes through the normal after-payment path. Once: a second call is 409.
   */
  async function honour(orderId: string, actor: AuditActor, log: ErrorLog): Promise<AdminOrderAction> {
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
    await deps.afterPaid(orderId, log);
    return action(orderId, 'completed', adminOrderActionMessages.honoured(orderId));
  }

  /**
   * POST /api/admin/orders/:orderId/retry-provisioning: a paid order without its service gets
   * its provisioning job again (fresh attempts when it ran out); one that has it answers so.
   */
  async function retryProvisioning(orderId: string, actor: AuditActor): Promise<AdminOrderAction> {
    const order = await existing(orderId);
    if (order.paymentStatus !== 'completed') throw conflict(ORDER_NOT_PROVISIONABLE);
    if (order.fulfilledAt) return action(orderId, 'completed', adminOrderActionMessages.alreadyProvisioned(orderId));
    await db.transaction((tx) =>
      recordAdminAction(tx, {
        actor,
        action: 'order.retry_provisioning',
        target: { type: 'order', id: orderId },
        before: { failureReason: order.failureReason },
        after: { provisioningQueued: true },
      }),
    );
    await deps.service.requeueProvisioning(orderId);
    return action(orderId, 'completed', adminOrderActionMessages.provisioningQueued(orderId));
  }

  return { refund, honour, retryProvisioning };
}
