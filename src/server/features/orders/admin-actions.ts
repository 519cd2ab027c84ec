import {
  adminOrderActionMessages,
  ORDER_NOT_FOUND,
  ORDER_NOT_HONOURABLE,
  ORDER_NOT_PROVISIONABLE,
  ORDER_NOT_REFUNDABLE,
  REFUND_KEY_REUSED,
  REFUND_NOTE_REQUIRED,
  refundTooLarge,
  type AdminOrderAction,
} from '#contract/admin-orders';
import { parseMoney, type Cents } from '#domain/money';
import { refundableCents } from '#domain/refunds';
import { canBecome } from '#domain/order-status';
import type { Db, DbOrTx } from '#server/db/connect';
import { conflict, invalid, notFound, providerFailed } from '#domain/errors';
import { CARD_PROVIDER_UNAVAILABLE_MESSAGE, type CardPaymentProvider, type CardRefund } from '#server/providers/payments/index';
import type { AuditActor } from '#domain/actors';
import { giveBackCouponUse, takeCouponUseAtPayment } from './coupon-use';
import { findOrder, lockOrder, type OrderRow } from './order-row';
import { openRefundRow, refundByRequestKey, refundIdempotencyKey, refundRequestFingerprint, settleRefundRow, unsettledRefund, type OrderRefundRow } from './refunds';
import { recordPurchaseNotification } from './purchase-notification';
import { markOrderHonoured, markOrderRefunded } from './status-changes';

export interface AdminOrderActionsDeps {
  cardPayments: CardPaymentProvider;
}

/** A refund opened (or found) in its first transaction, for the provider's call and the settling transaction. */
export interface OpenedRefund {
  order: OrderRow;
  refund: OrderRefundRow;
  /** An earlier refund left unsettled (its provider call failed, or a crash): this request settles it first, then is made. */
  earlier: boolean;
}

/** What a refund request asks: the amount (absent: all that is left), the note, the dialog's key. */
export interface RefundAsk {
  amountCents?: Cents | undefined;
  note?: string | undefined;
  requestKey?: string | undefined;
}

/** What an admin's change did, for its audit row (the workflow writes it, decision 0084). */
export interface AuditChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** A refund counted on its order: as the order was, as it is, and whether this one refunded it in full. */
interface SettledRefund {
  refund: OrderRefundRow;
  before: OrderRow;
  order: OrderRow;
  full: boolean;
  couponReleased: boolean;
}

/**
 * The orders' part of the admin's actions on one order: refund, honour, retry provisioning
 * (decision 0021). workflows/order-admin.ts joins them with the service and the jobs and
 * writes each audit row in the transaction of its change (decision 0084): these return
 * what the row says.
 */
export function createAdminOrderActions(db: Db, deps: AdminOrderActionsDeps) {
  const action = (orderId: string, paymentStatus: AdminOrderAction['paymentStatus'], message: string): AdminOrderAction => ({ orderId, paymentStatus, message });

  async function existing(orderId: string, tx: DbOrTx = db): Promise<OrderRow> {
    const order = await findOrder(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  /**
   * The first half of POST /api/admin/orders/:orderId/refund, in one transaction with the
   * order locked (decision 0036): a request already made (same key) answers its refund; an
   * unsettled earlier refund is settled first; else the amount is checked against what is
   * left and a pending row opened. Null when the order is refunded already.
   */
  async function openRefund(orderId: string, ask: RefundAsk, actor: AuditActor | null): Promise<OpenedRefund | null> {
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      // A key repeats its first answer for the identical request only (as Stripe's keys do).
      const fingerprint = refundRequestFingerprint(orderId, ask.amountCents, ask.note);
      const same = ask.requestKey ? await refundByRequestKey(tx, ask.requestKey) : null;
      if (same && (same.orderId !== orderId || (same.requestFingerprint !== null && same.requestFingerprint !== fingerprint))) throw conflict(REFUND_KEY_REUSED);
      if (same) return { order, refund: same, earlier: false };
      const earlier = await unsettledRefund(tx, orderId);
      if (earlier) return { order, refund: earlier, earlier: true };
      if (order.paymentStatus === 'refunded') return null;
      if (!canBecome(order.paymentStatus, 'refunded')) throw conflict(ORDER_NOT_REFUNDABLE);
      if (order.paymentMethod === 'crypto' && !ask.note) throw invalid(REFUND_NOTE_REQUIRED);
      const left = refundableCents(order);
      const amountCents = ask.amountCents ?? left;
      if (amountCents > left) throw conflict(refundTooLarge(orderId, left, order.currency));
      if (order.paymentMethod === 'card' && amountCents > 0 && !order.stripePaymentIntentId) throw conflict(ORDER_NOT_REFUNDABLE);
      const refund = await openRefundRow(tx, { orderId, amountCents, note: ask.note, requestKey: ask.requestKey, requestFingerprint: fingerprint, actor });
      return { order, refund, earlier: false };
    });
  }

  /**
   * Card money goes back through the provider, keyed by the refund row, so a retry of the
   * same row (after a failure or a crash) is the same refund there. Crypto is refunded by
   * hand and a free order has nothing to give back: null. A failure leaves the row pending.
   */
  async function refundAtProvider({ order, refund }: OpenedRefund): Promise<CardRefund | null> {
    const amountCents = parseMoney(refund.amount);
    if (order.paymentMethod !== 'card' || amountCents === 0 || !order.stripePaymentIntentId) return null;
    try {
      return await deps.cardPayments.refund(order.stripePaymentIntentId, { amountCents, idempotencyKey: refundIdempotencyKey(refund.id) });
    } catch (error) {
      throw providerFailed(CARD_PROVIDER_UNAVAILABLE_MESSAGE, error);
    }
  }

  /**
   * In the refund's transaction: the refund counted on the order; when nothing is left, the
   * order refunded and its coupon use given back, exactly as a whole refund always was. Null
   * when a concurrent request settled this refund first; 409 for an order that became
   * unrefundable meanwhile.
   */
  async function settleRefund(tx: DbOrTx, refundId: string, providerRefund: CardRefund | null): Promise<SettledRefund | null> {
    const settled = await settleRefundRow(tx, refundId, providerRefund);
    if (!settled) return null;
    const { refund, order } = settled;
    if (refundableCents(order) > 0) return { refund, before: order, order, full: false, couponReleased: false };
    const before = await markOrderRefunded(tx, order.id);
    if (!before) throw conflict(ORDER_NOT_REFUNDABLE);
    const after = (await findOrder(tx, order.id))!;
    return { refund, before, order: after, full: true, couponReleased: await giveBackCouponUse(tx, order.id) };
  }

  /**
   * POST /api/admin/orders/:orderId/honour: a needs_review order completes as it stands (the
   * amount received accepted, its coupon's discount honoured and its use counted even past
   * the limit); the paid-order workflow then takes it as any paid order. Once: a second call is 409.
   */
  async function honour(tx: DbOrTx, orderId: string): Promise<{ answer: AdminOrderAction; audit: AuditChange }> {
    await existing(orderId, tx);
    const honoured = await markOrderHonoured(tx, orderId);
    if (!honoured) throw conflict(ORDER_NOT_HONOURABLE);
    // A use reserved at checkout is kept; an order holding none counts one, past the limit if need be (decision 0020).
    await takeCouponUseAtPayment(tx, honoured);
    await recordPurchaseNotification(tx, honoured);
    return {
      answer: action(orderId, 'completed', adminOrderActionMessages.honoured(orderId)),
      audit: { before: { paymentStatus: 'needs_review' }, after: { paymentStatus: 'completed', couponCounted: honoured.couponCode } },
    };
  }

  /**
   * POST /api/admin/orders/:orderId/retry-provisioning, its check and what its audit row
   * says: a paid order without its service is to get its provisioning job again (`requeue`,
   * which the paid-order workflow sends); one that has it answers so (no audit row).
   */
  async function retryProvisioning(orderId: string): Promise<{ answer: AdminOrderAction; requeue: AuditChange | null }> {
    const order = await existing(orderId);
    if (order.paymentStatus !== 'completed') throw conflict(ORDER_NOT_PROVISIONABLE);
    if (order.fulfilledAt) return { answer: action(orderId, 'completed', adminOrderActionMessages.alreadyProvisioned(orderId)), requeue: null };
    return {
      answer: action(orderId, 'completed', adminOrderActionMessages.provisioningQueued(orderId)),
      requeue: { before: { failureReason: order.failureReason }, after: { provisioningQueued: true } },
    };
  }

  return { openRefund, refundAtProvider, settleRefund, honour, retryProvisioning };
}
