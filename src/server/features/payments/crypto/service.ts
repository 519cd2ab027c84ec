import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { CheckoutInput } from '#contract/checkout';
import type { CreateCryptoPaymentInput, CryptoPayment, CryptoPaymentStatusResponse } from '#contract/crypto';
import { parseMoney } from '#domain/money';
import type { Config } from '#server/config';
import type { Db } from '#server/db/connect';
import { orders } from '#server/db/schema';
import { badRequest, notFound } from '#server/http/errors';
import {
  isDemoCrypto,
  isValidIpnSignature,
  type CryptoPaymentProvider,
  type CryptoPaymentState,
  type DemoSimulatedStatus,
} from '#server/providers/crypto/index';
import { providerAmountToCents } from '#server/providers/crypto/nowpayments';
import { priceCheckout, type Checkout, type CheckoutContext } from '../../checkout/service';
import { attachCryptoPayment, type OrderRow, type Orders } from '../../orders/service';
import { handleNoticeOnce } from '../card/service';

export const FREE_ORDER_MESSAGE = 'This order is free: no crypto payment is needed. Place it through the checkout.';
export const PAYMENT_NOT_FOUND_MESSAGE = 'Crypto payment not found';
export const INVALID_IPN_SIGNATURE_MESSAGE = 'Invalid IPN signature';
export const IPN_DISABLED_MESSAGE = 'Crypto payment notifications are not enabled on this store';
export const DEMO_DISABLED_MESSAGE = 'Demo crypto payments are not available: a real crypto provider is configured';

/** What a provider's status means for the order; statuses not listed change nothing. */
const ORDER_ACTIONS: Partial<Record<string, 'complete' | 'review' | 'fail'>> = {
  finished: 'complete',
  partially_paid: 'review',
  failed: 'fail',
  expired: 'fail',
};

/** The fields of a NOWPayments IPN this store reads; the rest are signed but unused. */
const ipnSchema = z.object({
  payment_id: z.union([z.string().min(1), z.number()]).transform(String),
  payment_status: z.string(),
  order_id: z.string(),
  price_amount: z.union([z.string(), z.number()]).transform(String),
  pay_amount: z.union([z.string(), z.number()]).transform(String),
  pay_currency: z.string(),
  pay_address: z.string().nullish(),
  actually_paid: z.union([z.string(), z.number()]).transform(String).nullish(),
});

function ipnState(body: unknown): CryptoPaymentState {
  const parsed = ipnSchema.safeParse(body);
  if (!parsed.success) throw badRequest('Invalid IPN body');
  const ipn = parsed.data;
  return {
    paymentId: ipn.payment_id,
    paymentStatus: ipn.payment_status,
    orderId: ipn.order_id,
    priceAmountCents: providerAmountToCents(ipn.price_amount),
    payAmount: ipn.pay_amount,
    payCurrency: ipn.pay_currency,
    payAddress: ipn.pay_address ?? '',
    ...(ipn.actually_paid == null ? {} : { actuallyPaid: ipn.actually_paid }),
  };
}

export interface CryptoPaymentsDeps {
  db: Db;
  config: Config;
  provider: CryptoPaymentProvider;
  checkout: Pick<Checkout, 'placeOrder'>;
  orders: Pick<Orders, 'completeOrder' | 'markOrderNeedsReview' | 'markOrderUnpayable'>;
}

/** app.services.crypto: crypto checkout, status polling, IPNs and the demo's simulator (issue 3 point 7). */
export function createCryptoPayments({ db, config, provider, checkout, orders: orderTransitions }: CryptoPaymentsDeps) {
  const ipnCallbackUrl = `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/crypto/ipn`;

  async function findOrderByPayment(paymentId: string): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(eq(orders.cryptoPaymentId, paymentId)).limit(1);
    return row ?? null;
  }

  async function currentPaymentOf(orderId: string): Promise<string | null> {
    const [row] = await db.select({ paymentId: orders.cryptoPaymentId }).from(orders).where(eq(orders.id, orderId)).limit(1);
    return row?.paymentId ?? null;
  }

  async function describeExisting(paymentId: string, orderId: string): Promise<CryptoPayment> {
    const { payAmount, payCurrency, payAddress } = await provider.getPaymentStatus(paymentId);
    return { paymentId, payAmount, payCurrency, payAddress, orderId };
  }

  /**
   * Applies what the provider says about a payment to its order. Only a payment that
   * belongs to the order and was created for the order's total counts; only 'finished'
   * completes it. Every transition is idempotent, so repeats change nothing. Says whether
   * the state was applied (false: ignored, or a status that changes nothing).
   */
  async function applyToOrder(state: CryptoPaymentState, log: FastifyBaseLogger): Promise<boolean> {
    const action = ORDER_ACTIONS[state.paymentStatus];
    if (!action) return false;
    const details = { paymentId: state.paymentId, paymentStatus: state.paymentStatus, orderId: state.orderId };
    const order = await findOrderByPayment(state.paymentId);
    if (!order || order.id !== state.orderId) {
      log.warn(details, 'crypto payment does not belong to that order: ignored');
      return false;
    }
    if (state.priceAmountCents !== parseMoney(order.totalAmount)) {
      log.warn({ ...details, priceAmountCents: state.priceAmountCents, orderTotal: order.totalAmount }, 'crypto payment amount differs from the order total: ignored');
      return false;
    }
    if (action === 'complete') {
      const result = await orderTransitions.completeOrder(order.id, { method: 'crypto', paymentId: state.paymentId }, log);
      if (result.outcome === 'needs_review') log.warn({ ...details, reason: result.reason }, 'paid crypto order held for review');
    } else if (action === 'review') {
      const received = state.actuallyPaid ? `${state.actuallyPaid} of ${state.payAmount}` : `less than ${state.payAmount}`;
      await orderTransitions.markOrderNeedsReview(order.id, `Crypto payment ${state.paymentId} partially paid: ${received} ${state.payCurrency.toUpperCase()} received`);
    } else {
      // An expired or failed crypto payment cannot be paid any more: its coupon use goes back (decision 0020).
      await orderTransitions.markOrderUnpayable(order.id, `Crypto payment ${state.paymentId} ${state.paymentStatus}`);
    }
    return true;
  }

  /** A provider's notice, handled once per payment and status (an ignored one is not recorded, so a later correct one counts). */
  async function handleNotice(state: CryptoPaymentState, log: FastifyBaseLogger): Promise<void> {
    const id = `${provider.kind}:${state.paymentId}:${state.paymentStatus}`;
    await handleNoticeOnce(db, { id, provider: provider.kind }, () => applyToOrder(state, log));
  }

  return {
    kind: provider.kind,

    /**
     * POST /api/create-crypto-payment: places the order (priced by the server) and opens
     * one provider payment for its total. A double submit gets the same order and payment.
     */
    async createPayment(request: CreateCryptoPaymentInput, context: CheckoutContext): Promise<CryptoPayment> {
      const { customerData, paymentCurrency: _usdcOnly, ...order } = request;
      const input: CheckoutInput = { ...customerData, ...order, paymentMethod: 'crypto' };
      const priced = await priceCheckout(db, input);
      if (priced.pricing.isFree) throw badRequest(FREE_ORDER_MESSAGE);
      const placed = (await checkout.placeOrder(input, context)).order;
      if (placed.paymentMethod !== 'crypto') throw badRequest(FREE_ORDER_MESSAGE);
      if (placed.cryptoPaymentId) return describeExisting(placed.cryptoPaymentId, placed.id);

      const devices = Number(placed.deviceCount);
      const payment = await provider.createPayment({
        orderId: placed.id,
        priceAmountCents: parseMoney(placed.totalAmount),
        ipnCallbackUrl,
        description: `${priced.pkg.name}, ${devices} device${devices === 1 ? '' : 's'}, order ${placed.id}`,
      });
      if (!(await attachCryptoPayment(db, placed.id, payment.paymentId))) {
        // A concurrent submit of the same checkout attached its payment first; this one is left to expire.
        const winner = await currentPaymentOf(placed.id);
        if (winner) return describeExisting(winner, placed.id);
      }
      const { paymentId, payAmount, payCurrency, payAddress } = payment;
      return { paymentId, payAmount, payCurrency, payAddress, orderId: placed.id };
    },

    /** GET /api/crypto-payment/:paymentId: the provider's status, applied to the order, so polling alone completes it. */
    async pollStatus(paymentId: string, log: FastifyBaseLogger): Promise<CryptoPaymentStatusResponse> {
      if (!(await findOrderByPayment(paymentId))) throw notFound(PAYMENT_NOT_FOUND_MESSAGE);
      const state = await provider.getPaymentStatus(paymentId);
      await applyToOrder(state, log);
      return { paymentStatus: state.paymentStatus };
    },

    /**
     * The reconciliation job's question for a crypto order whose notice may have been
     * lost: the provider's status, applied as a poll would. Says whether it changed anything.
     */
    async reconcileOrder(order: OrderRow, log: FastifyBaseLogger): Promise<boolean> {
      if (order.paymentMethod !== 'crypto' || !order.cryptoPaymentId) return false;
      return applyToOrder(await provider.getPaymentStatus(order.cryptoPaymentId), log);
    },

    /** POST /api/crypto/ipn: NOWPayments' signed notice (HMAC-SHA512 of the key-sorted JSON body). */
    async receiveIpn(body: unknown, signature: string | undefined, log: FastifyBaseLogger): Promise<void> {
      const secret = config.NOWPAYMENTS_IPN_SECRET;
      if (!secret) throw notFound(IPN_DISABLED_MESSAGE);
      if (!isValidIpnSignature(body, signature, secret)) throw badRequest(INVALID_IPN_SIGNATURE_MESSAGE);
      await handleNotice(ipnState(body), log);
    },

    /** POST /api/demo/crypto-payments/:paymentId/simulate: the demo payment reaches a status, then is handled as an IPN. */
    async simulate(paymentId: string, status: DemoSimulatedStatus, log: FastifyBaseLogger): Promise<CryptoPaymentStatusResponse> {
      if (!isDemoCrypto(provider)) throw notFound(DEMO_DISABLED_MESSAGE);
      if (!(await provider.setStatus(paymentId, status))) throw notFound(PAYMENT_NOT_FOUND_MESSAGE);
      const state = await provider.getPaymentStatus(paymentId);
      await handleNotice(state, log);
      return { paymentStatus: state.paymentStatus };
    },
  };
}

export type CryptoPayments = ReturnType<typeof createCryptoPayments>;
