import type { PaymentLog } from '#server/lib/logs';
import type { Payments } from '#server/features/payments/index';
import type { PaymentIntentState } from '#server/providers/payments/index';
import type { DisputesWorkflow } from './disputes';
import type { PaidOrderWorkflow } from './paid-order';

/**
 * A card payment's confirmation (payment-success, the demo network's confirmation, Stripe's
 * webhook), then what follows a payment for the order it completed. The payments feature
 * decides on the provider's record (D8); this only joins the two.
 */
export function createCardPaymentWorkflow({
  payments,
  paidOrder,
  disputes,
}: {
  payments: Payments;
  paidOrder: Pick<PaidOrderWorkflow, 'start'>;
  /** A dispute's and an early fraud warning's events (decision 0100). */
  disputes: Pick<DisputesWorkflow, 'receiveEvent'>;
}) {
  return {
    /** POST /api/webhook/payment-success. */
    async confirmCardPayment(orderId: string, paymentIntentId: string, log: PaymentLog) {
      const { order, paidNow } = await payments.confirmCardPayment(orderId, paymentIntentId, log);
      if (paidNow) await paidOrder.start(order.id, log);
      return order;
    },

    /** The demo card network's confirmation, as Stripe's payment_intent.succeeded would come. */
    async completePaidIntent(intent: PaymentIntentState, log: PaymentLog) {
      const { order, paidNow } = await payments.completePaidIntent(intent, log);
      if (paidNow) await paidOrder.start(order.id, log);
      return order;
    },

    /** POST /api/stripe/webhook. */
    async receiveWebhook(raw: Buffer, headers: Record<string, string | string[] | undefined>, log: PaymentLog): Promise<void> {
      const paidOrderId = await payments.receiveWebhook(raw, headers, log, disputes.receiveEvent);
      if (paidOrderId) await paidOrder.start(paidOrderId, log);
    },
  };
}

export type CardPaymentWorkflow = ReturnType<typeof createCardPaymentWorkflow>;
