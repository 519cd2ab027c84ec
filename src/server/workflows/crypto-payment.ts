import type { FastifyBaseLogger } from 'fastify';
import type { CryptoPaymentStatusResponse } from '#contract/crypto';
import type { CryptoPayments } from '#server/features/payments/index';
import type { DemoSimulatedStatus } from '#server/providers/crypto/index';
import type { PaidOrderWorkflow } from './paid-order';

/**
 * A crypto payment's status (the buyer's poll, the provider's signed notice, the demo's
 * simulator) applied to its order, then what follows a payment for the order it completed.
 */
export function createCryptoPaymentWorkflow({ crypto, paidOrder }: { crypto: CryptoPayments; paidOrder: Pick<PaidOrderWorkflow, 'start'> }) {
  return {
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
