import type { FastifyBaseLogger } from 'fastify';
import type { CreateCryptoPaymentInput, CryptoInvoice, CryptoPayment, CryptoPaymentStatusResponse } from '#contract/crypto';
import type { CheckoutContext } from '#server/features/checkout/index';
import type { PlaceOrderWorkflow } from './place-order';
import type { CryptoPayments } from '#server/features/payments/index';
import type { CryptoPaymentNotice, DemoSimulatedStatus } from '#server/providers/crypto/index';
import type { PaidOrderWorkflow } from './paid-order';
import type { RenewalInvoiceFacts } from './renewals/crypto-invoices';

export interface CryptoPaymentDeps {
  crypto: CryptoPayments;
  placeOrder: Pick<PlaceOrderWorkflow, 'priceCheckout' | 'place'>;
  paidOrder: Pick<PaidOrderWorkflow, 'start'>;
  renewalInvoices: RenewalInvoiceFacts;
}

/**
 * A crypto order placed through the checkout and its provider payment opened; a crypto payment's status (the buyer's poll, the provider's signed notice, the demo's
 * simulator) applied to its order, then what follows a payment for the order it completed.
 * What the renewals know of a renewal invoice's order is asked here and handed to the crypto
 * payments as data (decision 0088: a feature never calls a workflow).
 */
export function createCryptoPaymentWorkflow({ crypto, placeOrder, paidOrder, renewalInvoices }: CryptoPaymentDeps) {
  /** A notice applied to its order, with whether that order is an invoiced renewal (its payment may be new to the store). */
  async function handleNotice(notice: CryptoPaymentNotice, log: FastifyBaseLogger): Promise<void> {
    const invoicedOrder = await renewalInvoices.isInvoicedOrder(notice.payment.orderId);
    const paidOrderId = await crypto.handleNotice(notice, log, { invoicedOrder });
    if (paidOrderId) await paidOrder.start(paidOrderId, log);
  }

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
      await handleNotice(crypto.parseNotice(raw, headers), log);
    },

    /** POST /api/demo/crypto-payments/:paymentId/simulate: handled as the provider's notice would be. */
    async simulate(paymentId: string, status: DemoSimulatedStatus, log: FastifyBaseLogger): Promise<CryptoPaymentStatusResponse> {
      const notice = await crypto.simulateNotice(paymentId, status);
      await handleNotice(notice, log);
      return { paymentStatus: notice.payment.paymentStatus };
    },

    /** GET /api/crypto-invoices/:paymentId: the payment's order, and what the renewals say paying it renews. */
    async describeInvoicePayment(paymentId: string): Promise<CryptoInvoice> {
      const order = await crypto.orderOfPayment(paymentId);
      const renewal = order ? await renewalInvoices.renewalOf(order) : null;
      return crypto.describeInvoicePayment(paymentId, order && renewal ? { orderId: order.id, renewal } : null);
    },
  };
}
