import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutInput } from '#contract/checkout';
import type { CreateCryptoPaymentInput, CryptoInvoice, CryptoPayment, CryptoPaymentStatusResponse } from '#contract/crypto';
import { DEFAULT_CURRENCY, formatForAdmin, money } from '#domain/currencies';
import { formatMoney, parseMoney } from '#domain/money';
import { receivedCents } from '#domain/refunds';
import type { Config } from '#server/config';
import type { Db } from '#server/db/connect';
import { invalid, notFound } from '#domain/errors';
import {
  InvalidNoticeError,
  isDemoCrypto,
  NoticesNotAcceptedError,
  type CryptoPaymentNotice,
  type CryptoPaymentProvider,
  type CryptoPaymentState,
  type DemoSimulatedStatus,
} from '#server/providers/crypto/index';
import { attachCryptoPayment, ordersForReading as orders, type OrderRow, type Orders } from '#server/features/orders/index';
import { handleNoticeOnce } from '../processed-events';
import type { Reconciled } from '../reconciled';

export const FREE_ORDER_MESSAGE = 'This order is free: no crypto payment is needed. Place it through the checkout.';
export const PAYMENT_NOT_FOUND_MESSAGE = 'Crypto payment not found';
export const INVOICE_NOT_FOUND_MESSAGE = 'Renewal invoice not found';
export const IPN_DISABLED_MESSAGE = 'Crypto payment notifications are not enabled on this store';
export const DEMO_DISABLED_MESSAGE = 'Demo crypto payments are not available: a real crypto provider is configured';

export interface CryptoPaymentsDeps {
  db: Db;
  config: Config;
  provider: CryptoPaymentProvider;
  orders: Pick<Orders, 'completeOrder' | 'markOrderNeedsReview' | 'markOrderUnpayable'>;
}

/**
 * What the renewals know of a notice's order (decision 0046), asked by the crypto-payment
 * workflow and handed down as data (decision 0088: this feature never calls up).
 */
export interface NoticeFacts {
  /** The notice's order is a renewal some invoice was opened for: its payment may be one the store never saw. */
  invoicedOrder: boolean;
}

/** A renewal invoice's payment, as the invoice's page shows it: the order it is kept on and what paying it renews. */
export interface InvoicedPayment {
  orderId: string;
  renewal: CryptoInvoice['renewal'];
}

/** The checkout as a crypto order uses it: the server's price of the cart, and the order placed (its pending one on a repeat). */
export interface CryptoCheckout {
  price(input: CheckoutInput): Promise<{ isFree: boolean; packageName: string }>;
  place(input: CheckoutInput): Promise<OrderRow>;
}

/** The crypto payments service (services.ts): crypto checkout, status polling, IPNs and the demo's simulator (decision 0004). */
export function createCryptoPayments({ db, config, provider, orders: orderTransitions }: CryptoPaymentsDeps) {
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  const ipnCallbackUrl = `${publicUrl}/api/crypto/ipn`;

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
   * belongs to the order and was created for the order's total counts; only a paid one
   * completes it (decision 0004). Every transition is idempotent, so repeats change nothing.
   * Says whether the state was applied (false: ignored, or a status that changes nothing),
   * and whether this call completed the order (the caller then starts what follows a payment).
   * A state asked of the provider by a payment's id is of a payment an order keeps, so only a
   * notice brings facts of an invoiced order.
   */
  async function applyToOrder(state: CryptoPaymentState, log: FastifyBaseLogger, facts: NoticeFacts = { invoicedOrder: false }): Promise<Reconciled> {
    const ignored = { changed: false, paidNow: false };
    if (state.outcome === 'no_change') return ignored;
    const details = { paymentId: state.paymentId, paymentStatus: state.paymentStatus, orderId: state.orderId };
    const order = (await findOrderByPayment(state.paymentId)) ?? (facts.invoicedOrder ? await invoicePaymentOrder(state) : null);
    if (!order || order.id !== state.orderId) {
      log.warn(details, 'crypto payment does not belong to that order: ignored');
      return ignored;
    }
    if (state.priceAmountCents !== parseMoney(order.totalAmount)) {
      log.warn({ ...details, priceAmountCents: state.priceAmountCents, orderTotal: order.totalAmount }, 'crypto payment amount differs from the order total: ignored');
      return ignored;
    }
    // The same number in another currency is another price (decision 0104). A record that
    // names no currency was opened before currencies existed, when every order was USD.
    if ((state.priceCurrency ?? DEFAULT_CURRENCY) !== order.currency) {
      log.warn({ ...details, priceCurrency: state.priceCurrency, orderCurrency: order.currency }, 'crypto payment currency differs from the order\'s: ignored');
      return ignored;
    }
    if (state.outcome === 'paid') {
      const result = await orderTransitions.completeOrder(order.id, { method: 'crypto', paymentId: state.paymentId }, log);
      if (result.outcome === 'needs_review') log.warn({ ...details, reason: result.reason }, 'paid crypto order held for review');
      return { changed: true, paidNow: result.outcome === 'completed' };
    } else if (state.outcome === 'partially_paid') {
      const currency = state.payCurrency.toUpperCase();
      const receivedInOrderCurrency = state.actuallyPaid ? receivedCents(parseMoney(order.totalAmount), state.actuallyPaid, state.payAmount) : null;
      // The owner reads the order's currency: what arrived is worth its share of the price (decisions 0036, 0105).
      const inOrderCurrency = (cents: number) => formatForAdmin(money(cents, order.currency));
      const received = state.actuallyPaid
        ? `${receivedInOrderCurrency === null ? '' : `received ${inOrderCurrency(receivedInOrderCurrency)} of ${inOrderCurrency(parseMoney(order.totalAmount))}, `}${state.actuallyPaid} of ${state.payAmount} ${currency}`
        : `less than ${state.payAmount} ${currency} received`;
      await orderTransitions.markOrderNeedsReview(
        order.id,
        `Crypto payment ${state.paymentId} partially paid: ${received}`,
        receivedInOrderCurrency === null ? undefined : formatMoney(receivedInOrderCurrency),
      );
    } else {
      // An expired or failed crypto payment cannot be paid any more: its coupon use goes back (decision 0020).
      await orderTransitions.markOrderUnpayable(order.id, `Crypto payment ${state.paymentId} ${state.paymentStatus}`);
    }
    return { changed: true, paidNow: false };
  }

  /**
   * A renewal invoice's payment (decision 0046): the provider made it when the buyer paid,
   * so the store first hears of it in its notice, which names the invoiced order. The order
   * takes that payment as its own, once; any other payment of an order is still ignored.
   */
  async function invoicePaymentOrder(state: CryptoPaymentState): Promise<OrderRow | null> {
    await attachCryptoPayment(db, state.orderId, state.paymentId);
    return findOrderByPayment(state.paymentId);
  }

  /**
   * Opens the provider's invoice of an order placed by the store (a renewal invoice, decision
   * 0046): the customer pays it on the provider's page, or on the store's checkout when the
   * provider has none. Its id and address; a provider failure throws.
   */
  async function openInvoice(order: OrderRow, description: string): Promise<{ invoiceId: string; invoiceUrl: string }> {
    const invoice = await provider.createInvoice({ orderId: order.id, priceAmountCents: parseMoney(order.totalAmount), priceCurrency: order.currency, ipnCallbackUrl, description, successUrl: `${publicUrl}/account` });
    if (invoice.paymentId) await attachCryptoPayment(db, order.id, invoice.paymentId);
    const invoiceUrl = invoice.invoiceUrl ?? `${publicUrl}/checkout?invoice=${encodeURIComponent(invoice.paymentId ?? invoice.invoiceId)}`;
    return { invoiceId: invoice.invoiceId, invoiceUrl };
  }

  /**
   * A provider's notice, handled once per payment and status (an ignored one is not
   * recorded, so a later correct one counts). Returns the id of the order it completed, if it did.
   */
  async function handleNotice(notice: CryptoPaymentNotice, log: FastifyBaseLogger, facts: NoticeFacts): Promise<string | null> {
    let paidNow = false;
    await handleNoticeOnce(db, { id: notice.id, provider: provider.kind }, async () => {
      const applied = await applyToOrder(notice.payment, log, facts);
      paidNow = applied.paidNow;
      return applied.changed;
    });
    return paidNow ? notice.payment.orderId : null;
  }

  /** The provider verifies and reads its own notices; what it refuses is answered here. */
  function parseNotice(raw: unknown, headers: Record<string, string | string[] | undefined>): CryptoPaymentNotice {
    try {
      return provider.parseNotice(raw, headers);
    } catch (error) {
      if (error instanceof NoticesNotAcceptedError) throw notFound(IPN_DISABLED_MESSAGE);
      if (error instanceof InvalidNoticeError) throw invalid(error.message);
      throw error;
    }
  }

  return {
    kind: provider.kind,
    openInvoice,

    /** The order a payment is kept on, if any: the renewals say whether it is an invoice's. */
    orderOfPayment: findOrderByPayment,

    /**
     * GET /api/crypto-invoices/:paymentId: what to pay for a renewal invoice's payment, and what
     * it renews, as the renewals said it (null: not an invoice's payment, answered 404).
     */
    async describeInvoicePayment(paymentId: string, invoiced: InvoicedPayment | null): Promise<CryptoInvoice> {
      if (!invoiced) throw notFound(INVOICE_NOT_FOUND_MESSAGE);
      return { ...(await describeExisting(paymentId, invoiced.orderId)), renewal: invoiced.renewal };
    },

    /**
     * POST /api/create-crypto-payment: places the order (priced by the server) and opens
     * one provider payment for its total. A double submit gets the same order and payment.
     * The checkout's pricing and order come from the crypto-payment workflow (decision 0084).
     */
    async createPayment(request: CreateCryptoPaymentInput, checkout: CryptoCheckout): Promise<CryptoPayment> {
      const { customerData, paymentCurrency: _usdcOnly, ...order } = request;
      const input: CheckoutInput = { ...customerData, ...order, paymentMethod: 'crypto' };
      const priced = await checkout.price(input);
      if (priced.isFree) throw invalid(FREE_ORDER_MESSAGE);
      const placed = await checkout.place(input);
      if (placed.paymentMethod !== 'crypto') throw invalid(FREE_ORDER_MESSAGE);
      if (placed.cryptoPaymentId) return describeExisting(placed.cryptoPaymentId, placed.id);

      const devices = Number(placed.deviceCount);
      const payment = await provider.createPayment({
        orderId: placed.id,
        priceAmountCents: parseMoney(placed.totalAmount),
        priceCurrency: placed.currency,
        ipnCallbackUrl,
        description: `${priced.packageName}, ${devices} device${devices === 1 ? '' : 's'}, order ${placed.id}`,
      });
      if (!(await attachCryptoPayment(db, placed.id, payment.paymentId))) {
        // A concurrent submit of the same checkout attached its payment first; this one is left to expire.
        const winner = await currentPaymentOf(placed.id);
        if (winner) return describeExisting(winner, placed.id);
      }
      const { paymentId, payAmount, payCurrency, payAddress } = payment;
      return { paymentId, payAmount, payCurrency, payAddress, orderId: placed.id };
    },

    /**
     * GET /api/crypto-payment/:paymentId: the provider's status, applied to the order, so
     * polling alone completes it; with the id of the order this call completed, if it did.
     */
    async pollStatus(paymentId: string, log: FastifyBaseLogger): Promise<{ status: CryptoPaymentStatusResponse; paidOrderId: string | null }> {
      const order = await findOrderByPayment(paymentId);
      if (!order) throw notFound(PAYMENT_NOT_FOUND_MESSAGE);
      const state = await provider.getPaymentStatus(paymentId);
      const { paidNow } = await applyToOrder(state, log);
      return { status: { paymentStatus: state.paymentStatus }, paidOrderId: paidNow ? order.id : null };
    },

    /**
     * The reconciliation job's question for a crypto order whose notice may have been
     * lost: the provider's status, applied as a poll would. Says whether it changed anything.
     */
    async reconcileOrder(order: OrderRow, log: FastifyBaseLogger): Promise<Reconciled> {
      if (order.paymentMethod !== 'crypto' || !order.cryptoPaymentId) return { changed: false, paidNow: false };
      return applyToOrder(await provider.getPaymentStatus(order.cryptoPaymentId), log);
    },

    /** POST /api/crypto/ipn: the provider's signed notice, verified and read by the provider. */
    parseNotice,

    /** A notice applied to its order, once, with what the renewals know of that order; the id of the order it completed, if it did. */
    handleNotice,

    /** POST /api/demo/crypto-payments/:paymentId/simulate: the demo payment reaches a status; its notice, to be handled as any. */
    async simulateNotice(paymentId: string, status: DemoSimulatedStatus): Promise<CryptoPaymentNotice> {
      if (!isDemoCrypto(provider)) throw notFound(DEMO_DISABLED_MESSAGE);
      const notice = await provider.simulate(paymentId, status);
      if (!notice) throw notFound(PAYMENT_NOT_FOUND_MESSAGE);
      return notice;
    },
  };
}

export type CryptoPayments = ReturnType<typeof createCryptoPayments>;
