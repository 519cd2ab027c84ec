import type { FastifyBaseLogger } from 'fastify';
import type { CreateCryptoPaymentInput, CryptoPayment, CryptoPaymentStatusResponse } from '#contract/crypto';
import type { CheckoutContext } from '#server/features/checkout/index';
import type { PlaceOrderWorkflow } from './place-order';
import type { CryptoPayments } from '#server/features/payments/index';
import type { DemoSimulatedStatus } from '#server/providers/crypto/index';
import type { PaidOrderWorkflow } from './paid-order';

export interface CryptoPaymentDeps {
  crypto: CryptoPayments;
  placeOrder: Pick<PlaceOrderWorkflow, 'priceCheckout' | 'place'>;
  paidOrder: Pick<PaidOrderWorkflow, 'start'>;
}

/**
 * A crypto order placed through the checkout and its provider payment opened; a crypto payment's status (the buyer's poll, the provider's signed notice, the demo's
 * simulator) applied to its order, then what follows a payment for the order it completed.
 */
export function createCryptoPaymentWorkflow({ crypto, placeOrder, paidOrder }: CryptoPaymentDeps) {
  return {
    /** POST /api/create-crypto-payment: the place-order workflow prices and places the order (decision 0089), the payments feature opens its payment. */
    createPayment(request: CreateCryptoPaymentInput, context: CheckoutContext): Promise<CryptoPayment> {
      return crypto.createPayment(request, {
        price: async (input) => {
          const priced = await placeOrder.priceCheckout(input);
          return { isFree: priced.pricing.isFree, packageName: priced.pkg.name };
        },
        place: async (input) => (await placeOrder.place(input, context)).order,
      });
    },

    /** GET /api/crypto-payment/:paymentId. */
    async pollStatus(paymentId: string, log: FastifyBaseLogger): Promise<CryptoPaymentStatusResponse> {
      const { status, paidOrderId } = await crypto.pollStatus(paymentId, log);
      if (paidOrderId) await paidOrder.start(paidOrderId, log);
      return status;
    },

    /** POST /api/crypto/ipn. */
    async receiveNotice(raw: unknown, headers: Record<string, string | string[] | undefined>, log: FastifyBaseLogger): Promise<void> {
      const paidOrderId = await crypto.receiveNotice(raw, headers, log);
      if (paidOrderId) await paidOrder.start(paidOrderId, log);
    },

    /** POST /api/demo/crypto-payments/:paymentId/simulate. */
    async simulate(paymentId: string, status: DemoSimulatedStatus, log: FastifyBaseLogger): Promise<CryptoPaymentStatusResponse> {
      const simulated = await crypto.simulate(paymentId, status, log);
      if (simulated.paidOrderId) await paidOrder.start(simulated.paidOrderId, log);
      return simulated.status;
    },
  };
}
