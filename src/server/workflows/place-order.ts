import { eq } from 'drizzle-orm';
import type { CheckoutInput, CheckoutResponse } from '#contract/checkout';
import { conflict, invalid, notFound } from '#domain/errors';
import { newOrderId } from '#domain/order-id';
import { CRYPTO_WINDOW_MS, RESERVATION_HOLD_MS } from '#domain/payment-windows';
import { SUBSCRIPTION_NOT_FOUND } from '#contract/subscriptions';
import type { Db, DbOrTx } from '#server/db/connect';
import type { StoreMetrics } from '#server/lib/metrics/store-metrics';
import { enforceAttemptLimits, guestMailLimit } from '#server/lib/attempt-limits';
import { localeOr } from '#server/lib/i18n/index';
import { customerHasPassword, resolveOrderCustomer } from '#server/features/accounts/index';
import {
  claimFreeTrial,
  orderColumns,
  priceQuote,
  quoteCheckout,
  refuseAutoRenewWithoutPayment,
  type CheckoutContext,
  type PricedCheckout,
  type TrialTime,
} from '#server/features/checkout/index';
import { checkCoupon, reserveCouponUse } from '#server/features/coupons/index';
import { completeInTransaction, insertOrder, ordersForReading as orders, releaseCheckoutKey, toOrderSummary, type OrderRow } from '#server/features/orders/index';
import type { Payments } from '#server/features/payments/index';
import type { Subscriptions } from '#server/features/subscriptions/index';
import { checkoutKey, isReplayable, type PayWith } from './checkout-attempt';
import type { BlocklistWorkflow } from './blocklist';
import type { PaidOrderWorkflow } from './paid-order';

interface PlacedOrder {
  order: OrderRow;
  isFreeOrder: boolean;
  needsPasswordSetup: boolean;
  /** A free order this call completed: the caller starts what follows a payment. */
  paidNow: boolean;
  /** For a card order awaiting payment; null for free and crypto orders. */
  clientSecret: string | null;
}

type Recorded = { order: OrderRow; hasPassword: boolean; isNew: boolean };

export interface PlaceOrderDeps {
  db: Db;
  /** A renewal's subscription must be renewable; an order's set-top boxes are held for it (decisions 0042, 0073). */
  subscriptions: Pick<Subscriptions, 'assertRenewable'> & { devices: Pick<Subscriptions['devices'], 'reserveBoxes'> };
  payments: Pick<Payments, 'openCardPayment'>;
  paidOrder: Pick<PaidOrderWorkflow, 'start'>;
  /** A blocked buyer's email, address or set-top box is refused before anything is written (decision 0099). */
  blocklist: Pick<BlocklistWorkflow, 'refuseBlocked'>;
  /**
   * Payment methods whose demo provider takes payments on a public store (DEMO_MODE=true):
   * an order paid that way costs nothing, so its emails are limited like a free order's.
   */
  costlessPaymentMethods?: ReadonlySet<'card' | 'crypto'>;
  /** Counts a free order completed with its placing, as the orders feature counts the paid ones (decision 0091). */
  metrics: Pick<StoreMetrics, 'orderFinished'>;
  /** Now and the store's time zone: a trial counts against the store's day (decision 0101). */
  trialTime: () => TrialTime;
}

/**
 * An order placed from the checkout's form (decision 0089): priced on the server, written in
 * one transaction with its customer, its coupon use, its boxes and its trial claim, each
 * through the feature that owns it, and paid by the card provider, the crypto provider, the
 * saved card or nothing.
 */
export function createPlaceOrderWorkflow({ db, subscriptions, payments, paidOrder, blocklist, costlessPaymentMethods, metrics, trialTime }: PlaceOrderDeps) {
  /** Prices the order from the server's catalog and coupons; the browser's numbers play no part (D5). */
  async function priceCheckout(input: CheckoutInput): Promise<PricedCheckout> {
    const quote = await quoteCheckout(db, input);
    if (!quote.couponCode) return priceQuote(quote, input.deviceCount, null);
    // The usage limit is checked by the reservation, in the order's transaction (recordOrder).
    const coupon = await checkCoupon(db, quote.couponCode, quote.subtotal, { checkLimit: false, currency: quote.currency });
    if (!coupon.ok) throw invalid(coupon.reason);
    return priceQuote(quote, input.deviceCount, { code: coupon.coupon.code, discount: coupon.discount });
  }

  /**
   * Writes the order, or finds the one this attempt already wrote. The unique checkout_key
   * makes concurrent double submits queue on one row: the second sees the first's order.
   * A key still held by an old or settled order is released so the cart can be bought again.
   */
  async function recordOrder(tx: DbOrTx, input: CheckoutInput, priced: PricedCheckout, context: CheckoutContext, key: string, payWith: PayWith): Promise<Recorded> {
    const email = input.email.toLowerCase();
    // An order the store places by itself (a renewal invoice, no User-Agent) leaves the customer's saved language as it is.
    const namedLocale = context.userAgent === undefined ? null : input.locale;
    const details = { email, firstName: input.firstName, lastName: input.lastName, phone: input.phone, timeZone: input.timeZone, locale: namedLocale, browserLocale: context.browserLocale };
    const customer = await resolveOrderCustomer(tx, details, context.customerId);
    // The order's emails are written in the language it names, else its customer's saved one, else the browser's (decision 0107).
    const locale = localeOr(input.locale, customer.locale, context.browserLocale);
    const id = newOrderId();
    for (let attempt = 0; attempt < 3; attempt++) {
      // A buyer at the checkout agrees to the terms and the refund policy by paying: the order keeps who, from where and which versions (decision 0097).
      const agreement = context.userAgent === undefined ? null : { ipAddress: context.ip, userAgent: context.userAgent };
      const inserted = await insertOrder(tx, { id, customerId: customer.customerId, ...orderColumns(input, priced), locale, checkoutKey: key }, agreement);
      if (inserted) {
        // The coupon's use is reserved with the order, so whoever may pay gets the discount
        // (decision 0020); refused, the order is rolled back before anyone pays.
        if (priced.couponCode) await reserveCouponUse(tx, priced.couponCode);
        // Its set-top boxes likewise, for as long as its payment may come: a box already on a
        // running subscription or reserved by another buyer is refused now (decisions 0042, 0073).
        if (input.setTopBoxes.length > 0) {
          const holdMs = input.paymentMethod === 'crypto' ? CRYPTO_WINDOW_MS : RESERVATION_HOLD_MS;
          await subscriptions.devices.reserveBoxes(tx, { id, email }, input.setTopBoxes.map((box) => box.mac), holdMs);
        }
        if (priced.isTrial) await claimFreeTrial(tx, { email, browserId: context.browserId, ip: context.ip, orderId: id }, trialTime());
        const completed = priced.pricing.isFree ? await completeInTransaction(tx, id, { method: 'free' }) : null;
        return { order: completed ?? inserted, hasPassword: customer.hasPassword, isNew: true };
      }
      const [existing] = await tx.select().from(orders).where(eq(orders.checkoutKey, key)).limit(1);
      if (existing && isReplayable(existing, payWith)) {
        const hasPassword = existing.customerId ? await customerHasPassword(tx, existing.customerId) : false;
        return { order: existing, hasPassword, isNew: false };
      }
      if (existing) await releaseCheckoutKey(tx, existing.id, key);
    }
    throw conflict('This checkout is already being processed; please try again');
  }

  /**
   * Prices on the server, writes the order for the customer of that email (or the signed-in
   * one), completes free orders at once (`paidNow`), and opens a card payment for paid card
   * orders. Crypto orders get no PaymentIntent.
   */
  async function place(input: CheckoutInput, context: CheckoutContext, payWith: PayWith = 'typed-card'): Promise<PlacedOrder> {
    await blocklist.refuseBlocked({ email: input.email, ip: context.ip, macs: input.setTopBoxes.map((box) => box.mac) }, 'checkout', context.log);
    const priced = await priceCheckout(input);
    refuseAutoRenewWithoutPayment(input, priced);
    // A guest's order that costs nothing emails whatever address was typed, so it counts
    // against that mailbox's store emails like a password reset does (no mail relay).
    const costsNothing = priced.pricing.isFree || (costlessPaymentMethods?.has(input.paymentMethod) ?? false);
    if (costsNothing && !context.customerId) {
      await enforceAttemptLimits(db, [guestMailLimit(input.email)], (minutes) =>
        `Too many free orders for this email address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    // A renewal names a subscription of the signed-in customer (404 otherwise) that can be renewed.
    if (input.renewsSubscriptionId) {
      if (!context.customerId) throw notFound(SUBSCRIPTION_NOT_FOUND);
      await subscriptions.assertRenewable(context.customerId, input.renewsSubscriptionId);
    }
    const key = checkoutKey(input, context, payWith);
    const { order, hasPassword, isNew } = await db.transaction((tx) => recordOrder(tx, input, priced, context, key, payWith));
    const isFreeOrder = order.paymentMethod === 'free';
    const awaitsCard = order.paymentMethod === 'card' && order.paymentStatus === 'pending' && payWith === 'typed-card';
    const paidNow = isFreeOrder && isNew;
    if (paidNow) metrics.orderFinished('free', 'paid');
    return {
      order,
      isFreeOrder,
      needsPasswordSetup: !hasPassword,
      paidNow,
      clientSecret: awaitsCard ? await payments.openCardPayment(order) : null,
    };
  }

  return {
    priceCheckout,

    /** The order alone, for a flow that takes its payment its own way (a crypto payment, the saved card, a renewal invoice). */
    place,

    /**
     * POST /api/checkout: the order, and for a free order (the trial, a coupon that takes the
     * whole price) completed by this call, what follows a payment.
     */
    async checkout(input: CheckoutInput, context: CheckoutContext): Promise<CheckoutResponse> {
      const placed = await place(input, context);
      if (placed.paidNow) await paidOrder.start(placed.order.id, context.log);
      const { isFreeOrder, needsPasswordSetup, clientSecret } = placed;
      return { isFreeOrder, needsPasswordSetup, order: toOrderSummary(placed.order), clientSecret };
    },
  };
}

export type PlaceOrderWorkflow = ReturnType<typeof createPlaceOrderWorkflow>;
