import { adminOrderActionMessages, REFUND_IN_PROGRESS, type AdminOrderAction, type GiftCardDelivery } from '#contract/admin-orders';
import { formatMoney, parseMoney } from '#domain/money';
import { refundableCents } from '#domain/refunds';
import type { AuditAction } from '#contract/admin-audit';
import type { Db, DbOrTx } from '#server/db/connect';
import { conflict } from '#domain/errors';
import { recordAdminAction, recordStoreAction } from '#server/features/audit/index';
import type { AuditActor } from '#domain/actors';
import { refundMail, type Mail } from '#server/features/mail/index';
import type { AuditChange, ErrorLog, GiftCardDeliveryChange, OpenedRefund, OrderRefundRow, Orders, RefundAsk } from '#server/features/orders/index';
import type { Subscriptions } from '#server/features/subscriptions/index';
import type { PaidOrderWorkflow } from './paid-order';

export interface OrderAdminDeps {
  db: Db;
  orders: Pick<Orders, 'openRefund' | 'refundAtProvider' | 'settleRefund' | 'findOrder' | 'honour' | 'retryProvisioning' | 'setGiftCardDelivered'>;
  subscriptions: Pick<Subscriptions, 'endServiceOfRefund' | 'syncLinesAfterRefund'>;
  paidOrder: Pick<PaidOrderWorkflow, 'start' | 'requeueProvisioning'>;
  mail: Pick<Mail, 'queue'>;
}

/**
 * The admin's actions on an order that reach past the orders feature (decision 0021): a
 * refund ends the service it paid for, an honoured order is then provisioned as any paid
 * order, a retry sends the provisioning job again, a gift card is marked delivered. Each
 * writes its audit row in the transaction of its change (decision 0084: the orders feature
 * returns what the row says).
 */
export function createOrderAdminWorkflow({ db, orders, subscriptions, paidOrder, mail }: OrderAdminDeps) {
  const audit = (tx: DbOrTx, actor: AuditActor, action: AuditAction, orderId: string, change: AuditChange) =>
    recordAdminAction(tx, { actor, action, target: { type: 'order', id: orderId }, ...change });

  /** Pays a pending refund back at the provider, then counts it, with its audit row and email, in one transaction. */
  async function settle(opened: OpenedRefund, log: ErrorLog): Promise<void> {
    const providerRefund = await orders.refundAtProvider(opened);
    const ended = await db.transaction(async (tx) => {
      const settled = await orders.settleRefund(tx, opened.refund.id, providerRefund);
      if (!settled) return null;
      const { refund, before, order, full, couponReleased } = settled;
      const service = full ? await subscriptions.endServiceOfRefund(tx, before) : null;
      const change = {
        action: 'order.refund' as const,
        target: { type: 'order', id: order.id },
        before: { paymentStatus: before.paymentStatus, refundedAmount: formatMoney(parseMoney(order.refundedAmount) - parseMoney(refund.amount)), ...(service ? { subscription: service.before } : {}) },
        after: {
          paymentStatus: order.paymentStatus,
          // The amount of this refund in the order's currency, and its note: the audit log's sentence reads these.
          amount: refund.amount,
          currency: order.currency,
          ...(refund.note ? { note: refund.note } : {}),
          full,
          refundedAmount: order.refundedAmount,
          refund: providerRefund ? { id: providerRefund.id, status: providerRefund.status } : null,
          couponReleased,
          ...(service ? { subscription: service.after } : {}),
        },
      };
      // A refund the store made by itself (an early fraud warning's, decision 0100) is the store's row.
      if (refund.adminId) await recordAdminAction(tx, { actor: { id: refund.adminId, username: refund.adminUsername }, ...change });
      else await recordStoreAction(tx, change);
      await mail.queue(tx, refundMail(order, parseMoney(refund.amount), { full, serviceEnded: service !== null }), { key: `order-refund:${refund.id}` });
      return service;
    });
    if (ended) {
      // The refund stands whatever the panel does: the job retries until the lines are off.
      await subscriptions
        .syncLinesAfterRefund(ended.subscriptionId, opened.order.id)
        .catch((err: unknown) => log.error({ err, orderId: opened.order.id }, 'queueing the panel lines of a refunded order failed'));
    }
  }

  /** What the admin is told about a refund, from the order as it now stands. */
  async function answerOf(refund: OrderRefundRow): Promise<AdminOrderAction> {
    const order = (await orders.findOrder(refund.orderId))!;
    if (order.paymentStatus === 'refunded') return { orderId: order.id, paymentStatus: 'refunded', message: adminOrderActionMessages.refunded(order.id) };
    const paymentStatus = order.paymentStatus === 'needs_review' ? 'needs_review' : 'completed';
    return { orderId: order.id, paymentStatus, message: adminOrderActionMessages.partlyRefunded(order.id, parseMoney(refund.amount), refundableCents(order), order.currency) };
  }

  return {
    /**
     * POST /api/admin/orders/:orderId/refund (decision 0036): all that is left, or the amount
     * asked (card: through the provider; crypto: by hand, the note says how; free: nothing
     * to pay back). The refund is opened with the order locked, paid back at the provider
     * under its own key, then in one transaction counted on the order with its audit row and
     * the customer's email; when nothing is left the order is refunded, its coupon use given
     * back and its service ended, then its panel lines disabled by a durable job. The same
     * request twice (its key), or a second whole refund, answers the same state and calls the
     * provider no more; an earlier refund left unsettled is settled before this one. With
     * no actor the store refunds by itself (an early fraud warning, decision 0100).
     */
    async refund(orderId: string, ask: RefundAsk, actor: AuditActor | null, log: ErrorLog): Promise<AdminOrderAction> {
      // Each round settles one earlier refund left pending, or makes this one; past three, another admin is still refunding it.
      for (let round = 0; round < 3; round += 1) {
        const opened = await orders.openRefund(orderId, ask, actor);
        if (!opened) return { orderId, paymentStatus: 'refunded', message: adminOrderActionMessages.refunded(orderId) };
        if (opened.refund.status === 'pending') await settle(opened, log);
        if (!opened.earlier) return answerOf(opened.refund);
      }
      throw conflict(REFUND_IN_PROGRESS);
    },

    /** POST /api/admin/orders/:orderId/honour: the order completes as it stands, then goes the way of any paid order. */
    async honour(orderId: string, actor: AuditActor, log: ErrorLog): Promise<AdminOrderAction> {
      const answer = await db.transaction(async (tx) => {
        const honoured = await orders.honour(tx, orderId);
        await audit(tx, actor, 'order.honour', orderId, honoured.audit);
        return honoured.answer;
      });
      await paidOrder.start(orderId, log);
      return answer;
    },

    /** POST /api/admin/orders/:orderId/retry-provisioning: the provisioning job again, with fresh attempts when it ran out. */
    async retryProvisioning(orderId: string, actor: AuditActor): Promise<AdminOrderAction> {
      const { answer, requeue } = await orders.retryProvisioning(orderId);
      if (requeue) {
        await db.transaction((tx) => audit(tx, actor, 'order.retry_provisioning', orderId, requeue));
        await paidOrder.requeueProvisioning(orderId);
      }
      return answer;
    },

    /** POST /api/admin/orders/:orderId/gift-card: delivered (with its code and note) or undone, on the store's day (`timeZone`). */
    async setGiftCardDelivered(orderId: string, change: GiftCardDeliveryChange, actor: AuditActor, timeZone: string): Promise<GiftCardDelivery> {
      return db.transaction(async (tx) => {
        const { delivery, audit: changed } = await orders.setGiftCardDelivered(tx, orderId, change, timeZone);
        if (changed) await audit(tx, actor, 'order.gift_card', orderId, changed);
        return delivery;
      });
    },
  };
}

export type OrderAdminWorkflow = ReturnType<typeof createOrderAdminWorkflow>;
