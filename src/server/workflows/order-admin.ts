import { adminOrderActionMessages, type AdminOrderAction } from '#contract/admin-orders';
import type { Db } from '#server/db/connect';
import { recordAdminAction, type AuditActor } from '#server/features/audit/index';
import type { ErrorLog, Orders } from '#server/features/orders/index';
import type { Subscriptions } from '#server/features/subscriptions/index';
import type { PaidOrderWorkflow } from './paid-order';

export interface OrderAdminDeps {
  db: Db;
  orders: Pick<Orders, 'prepareRefund' | 'refundInTransaction' | 'honour' | 'retryProvisioning'>;
  subscriptions: Pick<Subscriptions, 'endServiceOfRefund' | 'syncLinesAfterRefund'>;
  paidOrder: Pick<PaidOrderWorkflow, 'start' | 'requeueProvisioning'>;
}

/**
 * The admin's actions on an order that reach past the orders feature (decision 0021): a
 * refund ends the service it paid for, an honoured order is then provisioned as any paid
 * order, a retry sends the provisioning job again. Each writes its audit row in the
 * transaction of its change.
 */
export function createOrderAdminWorkflow({ db, orders, subscriptions, paidOrder }: OrderAdminDeps) {
  return {
    /**
     * POST /api/admin/orders/:orderId/refund: the whole total back (card: through the
     * provider; crypto: by hand, the note says how; free: nothing to pay back), then in one
     * transaction the order refunded, its coupon use given back, its service ended and the
     * audit row; then its panel lines disabled by a durable job. A second refund answers the
     * same state and calls the provider no more.
     */
    async refund(orderId: string, note: string | undefined, actor: AuditActor, log: ErrorLog): Promise<AdminOrderAction> {
      const done: AdminOrderAction = { orderId, paymentStatus: 'refunded', message: adminOrderActionMessages.refunded(orderId) };
      const prepared = await orders.prepareRefund(orderId, note);
      if (!prepared) return done;
      const { providerRefund } = prepared;
      const ended = await db.transaction(async (tx) => {
        const refunded = await orders.refundInTransaction(tx, orderId);
        if (!refunded) return null;
        const { before, couponReleased } = refunded;
        const service = await subscriptions.endServiceOfRefund(tx, before);
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
        await subscriptions
          .syncLinesAfterRefund(ended.subscriptionId, orderId)
          .catch((err: unknown) => log.error({ err, orderId }, 'queueing the panel lines of a refunded order failed'));
      }
      return done;
    },

    /** POST /api/admin/orders/:orderId/honour: the order completes as it stands, then goes the way of any paid order. */
    async honour(orderId: string, actor: AuditActor, log: ErrorLog): Promise<AdminOrderAction> {
      const answer = await orders.honour(orderId, actor);
      await paidOrder.start(orderId, log);
      return answer;
    },

    /** POST /api/admin/orders/:orderId/retry-provisioning: the provisioning job again, with fresh attempts when it ran out. */
    async retryProvisioning(orderId: string, actor: AuditActor): Promise<AdminOrderAction> {
      const { answer, requeue } = await orders.retryProvisioning(orderId, actor);
      if (requeue) await paidOrder.requeueProvisioning(orderId);
      return answer;
    },
  };
}
