import { hash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  AUTO_RENEW_NOT_FOR_FREE_ORDER_MESSAGE,
  AUTO_RENEW_NOT_FOR_TRIAL_MESSAGE,
  GIFT_CARD_REQUIRED_MESSAGE,
  hasShippingAddress,
  SHIPPING_REQUIRED_MESSAGE,
  type CheckoutInput,
} from '#contract/checkout';
import { FREE_PRICE } from '#domain/catalog';
import { formatMoney, parseMoney } from '#domain/money';
import { newOrderId } from '#domain/order-id';
import { CRYPTO_WINDOW_MS, RESERVATION_HOLD_MS } from '#domain/payment-windows';
import { priceOrder, type PriceBreakdown } from '#domain/pricing';
import type { Db, DbOrTx } from '#server/db/connect';
import { enforceAttemptLimits, guestMailLimit } from '#server/lib/attempt-limits';
import { conflict, invalid, notFound, providerFailed } from '#domain/errors';
import { CARD_PROVIDER_UNAVAILABLE_MESSAGE, ORDER_CURRENCY, type CardPaymentProvider } from '#server/providers/payments/index';
import { findPackage, type PackageRow } from '#server/features/catalog/index';
import { SUBSCRIPTION_NOT_FOUND } from '#contract/subscriptions';
import type { Cents } from '#domain/money';
import {
  attachPaymentIntent,
  completeInTransaction,
  insertOrder,
  ordersForReading as orders,
  releaseCheckoutKey,
  type OrderRow,
} from '#server/features/orders/index';
import { claimFreeTrial, type CheckoutContext } from '#server/features/checkout/index';

/** A repeated checkout of the same cart from the same browser within this time returns the first order. */
export const CHECKOUT_REPLAY_WINDOW_MS = 10 * 60 * 1000;

export interface PlacedOrder {
  order: OrderRow;
  isFreeOrder: boolean;
  needsPasswordSetup: boolean;
  /** A free order this call completed: the caller starts what follows a payment. */
  paidNow: boolean;
  /** For a card order awaiting payment; null for free and crypto orders. */
  clientSecret: string | null;
}

interface PricedCheckout {
  pkg: PackageRow;
  pricing: PriceBreakdown;
  couponCode: string | null;
  isTrial: boolean;
}

type Recorded = { order: OrderRow; hasPassword: boolean; isNew: boolean };

/**
 * Same browser, same signed-in customer, same form: the same checkout attempt. A renewal paid
 * with the saved card is an attempt of its own (decision 0076): its order must hold no
 * PaymentIntent of a typed card, which would refuse the saved card's.
 */
function checkoutKey(input: CheckoutInput, context: CheckoutContext, payWith: PayWith): string {
  const parts = payWith === 'saved-card' ? [context.browserId, context.customerId, input, payWith] : [context.browserId, context.customerId, input];
  return hash('sha256', JSON.stringify(parts), 'base64url');
}

/** How a card order is to be paid: a card typed into the page (a PaymentIntent now), or the subscription's saved card (charged by the caller). */
type PayWith = 'typed-card' | 'saved-card';

/**
 * A pending order (or a free one, already complete) of the same attempt is answered again; so
 * is a renewal paid with the saved card, whose second tap must not charge it again.
 */
function isReplayable(order: OrderRow, payWith: PayWith, now = Date.now()): boolean {
  if (now - order.createdAt.getTime() > CHECKOUT_REPLAY_WINDOW_MS) return false;
  const paidOnce = order.paymentMethod === 'free' || payWith === 'saved-card';
  return order.paymentStatus === 'pending' || (order.paymentStatus === 'completed' && paidOnce);
}

/** Prices the order from the server's catalog and coupons; the browser's numbers play no part (D5). */
async function priceCheckout(db: DbOrTx, coupons: CheckoutDeps['coupons'], input: CheckoutInput): Promise<PricedCheckout> {
  const pkg = await findPackage(db, input.packageId);
  if (!pkg) throw invalid('Unknown package');
  if (input.deviceCount > pkg.devices) {
    throw invalid(`${pkg.name} allows at most ${pkg.devices} device${pkg.devices === 1 ? '' : 's'}`);
  }
  if (pkg.requiresShipping && !hasShippingAddress(input)) throw invalid(SHIPPING_REQUIRED_MESSAGE);
  const isTrial = pkg.price === FREE_PRICE;
  if (!isTrial && !input.selectedGiftCard) throw invalid(GIFT_CARD_REQUIRED_MESSAGE);

  const price = parseMoney(pkg.price);
  const { subtotal } = priceOrder(price, input.deviceCount);
  // A free package has nothing to discount: a coupon sent with it is dropped, not counted.
  if (!input.couponCode || subtotal === 0) return { pkg, pricing: priceOrder(price, input.deviceCount), couponCode: null, isTrial };
  // The usage limit is checked by the reservation, in the order's transaction (recordOrder).
  const coupon = await coupons.check(db, input.couponCode, subtotal, { checkLimit: false });
  if (!coupon.ok) throw invalid(coupon.reason);
  return { pkg, pricing: priceOrder(price, input.deviceCount, coupon.discount), couponCode: coupon.coupon.code, isTrial };
}

export interface CheckoutDeps {
  cardPayments: CardPaymentProvider;
  /**
   * The other features' parts of an order, typed here (decision 0084) and handed in by the
   * wiring: those taking `tx` run in the order's transaction, which this feature holds.
   * The accounts feature's rule for whose order it is, and whether they have a password.
   */
  customers: {
    resolve(
      tx: DbOrTx,
      details: { email: string; firstName: string; lastName: string; phone?: string | null; timeZone?: string | null },
      signedInCustomerId: string | null,
    ): Promise<{ customerId: string; hasPassword: boolean }>;
    hasPassword(tx: DbOrTx, customerId: string): Promise<boolean>;
  };
  /** The coupons feature's check of a code, and its use reserved with the order (a 409 past its limit, decision 0020). */
  coupons: {
    check(db: DbOrTx, code: string, subtotal: Cents, options: { checkLimit: boolean }): Promise<{ ok: true; coupon: { code: string }; discount: Cents } | { ok: false; reason: string }>;
    reserveUse(tx: DbOrTx, code: string): Promise<void>;
  };
  /** A renewal's subscription must be renewable; an order's set-top boxes are held for it (decisions 0042, 0073). */
  subscriptions: {
    assertRenewable(customerId: string, subscriptionId: string): Promise<void>;
    devices: { reserveBoxes(tx: DbOrTx, order: { id: string; email: string }, macs: readonly string[], holdMs: number): Promise<void> };
  };
  /**
   * The card provider's customer for a store customer, made on first use (the payments
   * feature's): a card kept for renewals hangs under it (decision 0044).
   */
  cardProviderCustomerFor: (customer: { id: string; email: string; name: string }) => Promise<string>;
  /**
   * Payment methods whose demo provider takes payments on a public store (DEMO_MODE=true):
   * an order paid that way costs nothing, so its emails are limited like a free order's.
   */
  costlessPaymentMethods?: ReadonlySet<'card' | 'crypto'>;
}

export function createCheckout(db: Db, deps: CheckoutDeps) {
  /**
   * Writes the order, or finds the one this attempt already wrote. The unique checkout_key
   * makes concurrent double submits queue on one row: the second sees the first's order.
   * A key still held by an old or settled order is released so the cart can be bought again.
   */
  async function recordOrder(tx: DbOrTx, input: CheckoutInput, priced: PricedCheckout, context: CheckoutContext, key: string, payWith: PayWith): Promise<Recorded> {
    const { pkg, pricing, couponCode, isTrial } = priced;
    const email = input.email.toLowerCase();
    const customer = await deps.customers.resolve(
      tx,
      { email, firstName: input.firstName, lastName: input.lastName, phone: input.phone, timeZone: input.timeZone },
      context.customerId,
    );
    const id = newOrderId();
    const shipping = pkg.requiresShipping;
    // An order that costs nothing after its coupon earns no cashback and no gift card (decision 0020); nor does the trial.
    const earnsGiftCard = !pricing.isFree;
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await insertOrder(tx, {
        id,
        customerId: customer.customerId,
        customerName: `${input.firstName} ${input.lastName}`,
        customerEmail: email,
        customerPhone: input.phone,
        packageId: pkg.id,
        selectedGiftCard: earnsGiftCard ? (input.selectedGiftCard ?? null) : null,
        paymentMethod: pricing.isFree ? 'free' : input.paymentMethod,
        deviceCount: String(input.deviceCount),
        couponCode,
        couponDiscount: formatMoney(pricing.discount),
        couponReserved: couponCode !== null,
        subtotalAmount: formatMoney(pricing.subtotal),
        totalAmount: formatMoney(pricing.total),
        cashbackAmount: earnsGiftCard ? pkg.cashback : '0.00',
        requiresShipping: shipping,
        shippingAddress: shipping ? input.shippingAddress : null,
        shippingCity: shipping ? input.shippingCity : null,
        shippingState: shipping ? input.shippingState : null,
        shippingZip: shipping ? input.shippingZip : null,
        shippingCountry: input.shippingCountry,
        renewsSubscriptionId: input.renewsSubscriptionId,
        autoRenew: input.autoRenew,
        setTopBoxMacs: input.setTopBoxes.map((box) => box.mac),
        checkoutKey: key,
      });
      if (inserted) {
        // The coupon's use is reserved with the order, so whoever may pay gets the discount
        // (decision 0020); refused, the order is rolled back before anyone pays.
        if (couponCode) await deps.coupons.reserveUse(tx, couponCode);
        // Its set-top boxes likewise, for as long as its payment may come: a box already on a
        // running subscription or reserved by another buyer is refused now (decisions 0042, 0073).
        if (input.setTopBoxes.length > 0) {
          const holdMs = input.paymentMethod === 'crypto' ? CRYPTO_WINDOW_MS : RESERVATION_HOLD_MS;
          await deps.subscriptions.devices.reserveBoxes(tx, { id, email }, input.setTopBoxes.map((box) => box.mac), holdMs);
        }
        if (isTrial) await claimFreeTrial(tx, { email, browserId: context.browserId, ip: context.ip, orderId: id });
        const completed = pricing.isFree ? await completeInTransaction(tx, id, { method: 'free' }) : null;
        return { order: completed ?? inserted, hasPassword: customer.hasPassword, isNew: true };
      }
      const [existing] = await tx.select().from(orders).where(eq(orders.checkoutKey, key)).limit(1);
      if (existing && isReplayable(existing, payWith)) {
        const hasPassword = existing.customerId ? await deps.customers.hasPassword(tx, existing.customerId) : false;
        return { order: existing, hasPassword, isNew: false };
      }
      if (existing) await releaseCheckoutKey(tx, existing.id, key);
    }
    throw conflict('This checkout is already being processed; please try again');
  }

  /** The card provider's PaymentIntent for the order: one per order, however often asked. */
  async function paymentIntentFor(order: OrderRow): Promise<string> {
    try {
      // "Renew automatically": the payment keeps its card for the buyer's provider customer (decision 0044).
      const saveCardFor =
        order.autoRenew && order.customerId
          ? await deps.cardProviderCustomerFor({ id: order.customerId, email: order.customerEmail, name: order.customerName })
          : undefined;
      const intent = await deps.cardPayments.createIntent({
        orderId: order.id,
        amountCents: parseMoney(order.totalAmount),
        currency: ORDER_CURRENCY,
        idempotencyKey: `order-${order.id}`,
        ...(saveCardFor ? { saveCardFor } : {}),
      });
      if (order.stripePaymentIntentId !== intent.id) {
        await attachPaymentIntent(db, order.id, intent.id);
      }
      return intent.clientSecret;
    } catch (error) {
      // The order stays pending: submitting the same checkout again replays it with the same intent (decision 0008).
      throw providerFailed(CARD_PROVIDER_UNAVAILABLE_MESSAGE, error);
    }
  }

  return {
    /** Prices the order from the server's catalog and coupons; the browser's numbers play no part (D5). */
    priceCheckout: (input: CheckoutInput) => priceCheckout(db, deps.coupons, input),

    /**
     * POST /api/checkout's rules: prices on the server, writes the order for the customer of
     * that email (or the signed-in one), completes free orders at once (`paidNow`), and opens
     * a card payment for paid card orders. Crypto orders get no PaymentIntent.
     */
    async placeOrder(input: CheckoutInput, context: CheckoutContext, payWith: PayWith = 'typed-card'): Promise<PlacedOrder> {
      const priced = await priceCheckout(db, deps.coupons, input);
      if (input.autoRenew && priced.isTrial) throw invalid(AUTO_RENEW_NOT_FOR_TRIAL_MESSAGE);
      if (input.autoRenew && priced.pricing.isFree) throw invalid(AUTO_RENEW_NOT_FOR_FREE_ORDER_MESSAGE);
      // A guest's order that costs nothing emails whatever address was typed, so it counts
      // against that mailbox's store emails like a password reset does (no mail relay).
      const costsNothing = priced.pricing.isFree || (deps.costlessPaymentMethods?.has(input.paymentMethod) ?? false);
      if (costsNothing && !context.customerId) {
        await enforceAttemptLimits(db, [guestMailLimit(input.email)], (minutes) =>
          `Too many free orders for this email address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
      // A renewal names a subscription of the signed-in customer (404 otherwise) that can be renewed.
      if (input.renewsSubscriptionId) {
        if (!context.customerId) throw notFound(SUBSCRIPTION_NOT_FOUND);
        await deps.subscriptions.assertRenewable(context.customerId, input.renewsSubscriptionId);
      }
      const key = checkoutKey(input, context, payWith);
      const { order, hasPassword, isNew } = await db.transaction((tx) => recordOrder(tx, input, priced, context, key, payWith));
      const isFreeOrder = order.paymentMethod === 'free';
      const awaitsCard = order.paymentMethod === 'card' && order.paymentStatus === 'pending' && payWith === 'typed-card';
      return {
        order,
        isFreeOrder,
        needsPasswordSetup: !hasPassword,
        paidNow: isFreeOrder && isNew,
        clientSecret: awaitsCard ? await paymentIntentFor(order) : null,
      };
    },
  };
}

export type Checkout = ReturnType<typeof createCheckout>;

