import { z } from 'zod';
import {
  canonicalPackageId,
  DEFAULT_COUNTRY,
  GIFT_CARDS,
  MAX_DEVICES,
  MIN_DEVICES,
  SHIPPING_COUNTRIES,
  STREAMING_BOX_ID,
} from '#domain/catalog';
import { SUPPORTED_CURRENCIES } from '#domain/currencies';
import { parseMoney } from '#domain/money';
import { couponCodeField, emailField, nameField, optionalCouponCodeField, optionalCurrencyField, optionalText, phoneField, requiredText } from './fields';
import { moneyText } from './packages';
import { browserTimeZoneField } from './time-zones';
import { optionalLocaleField } from './locale-choice';
import { BOXES_NOT_ON_RENEWAL, MORE_BOXES_THAN_DEVICES, SAME_MAC_TWICE, SET_TOP_BOXES_INVALID, setTopBoxSchema } from './devices';

/**
 * Requests and responses of checkout, the coupon check, card payment confirmation and the
 * store's provider configuration (spec sections 5 and 7). The checkout page's forms use
 * these same schemas, so their messages are the spec's.
 */

export const SHIPPING_REQUIRED_MESSAGE = 'Shipping information is required for streaming box orders';
export const GIFT_CARD_REQUIRED_MESSAGE = 'Gift card selection is required';
/** Automatic renewal charges a saved card (decision 0044): crypto payments and orders without a payment have none. */
export const AUTO_RENEW_CARD_ONLY_MESSAGE = 'Automatic renewal is only available when paying by card';
export const AUTO_RENEW_NOT_FOR_TRIAL_MESSAGE = 'The free trial does not renew automatically';
export const AUTO_RENEW_NOT_FOR_FREE_ORDER_MESSAGE = 'Automatic renewal needs a card payment, and this order costs nothing';
const DEVICE_COUNT_REQUIRED = 'Device count is required';
const DEVICE_COUNT_RANGE = `Device count must be a whole number from ${MIN_DEVICES} to ${MAX_DEVICES}`;

/** '1'..'4' from the page's select, or 1..4 from other callers; always a number once parsed. */
export const deviceCountSchema = z
  .union([z.number(), z.string()], { error: (issue) => (issue.input == null ? DEVICE_COUNT_REQUIRED : DEVICE_COUNT_RANGE) })
  .transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: DEVICE_COUNT_REQUIRED });
      return z.NEVER;
    }
    const count = typeof value === 'number' ? value : /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(count) || count < MIN_DEVICES || count > MAX_DEVICES) {
      ctx.addIssue({ code: 'custom', message: DEVICE_COUNT_RANGE });
      return z.NEVER;
    }
    return count;
  });

const giftCardField = z.preprocess(
  (value) => (value === '' ? null : value),
  z.enum(GIFT_CARDS, { error: 'Please choose a gift card from the list' }).nullish(),
);

export const checkoutRequestSchema = z
  .object({
    firstName: nameField('First name'),
    lastName: nameField('Last name'),
    email: emailField,
    phone: phoneField,
    packageId: requiredText('Package selection', 100, 'Unknown package'),
    paymentMethod: z.enum(['card', 'crypto'], { error: "Payment method must be 'card' or 'crypto'" }).default('card'),
    deviceCount: deviceCountSchema,
    couponCode: optionalCouponCodeField,
    selectedGiftCard: giftCardField,
    shippingAddress: optionalText('Shipping address', 200),
    shippingCity: optionalText('City', 100),
    shippingState: optionalText('State', 100),
    shippingZip: optionalText('ZIP code', 20),
    shippingCountry: z
      .enum(SHIPPING_COUNTRIES, { error: 'Shipping country must be US or CA' })
      .nullish()
      .transform((country) => country ?? DEFAULT_COUNTRY),
    /** Set by the account page's Renew: the order extends this subscription. */
    renewsSubscriptionId: z.uuid({ error: 'Invalid subscription id' }).nullish().transform((id) => id ?? null),
    /** "Renew automatically" (decision 0044): keep the paying card and charge it before each expiry; card orders only. */
    autoRenew: z
      .boolean({ error: 'autoRenew must be true or false' })
      .nullish()
      .transform((autoRenew) => autoRenew ?? false),
    /** MAG / Enigma2 boxes by MAC address, each in the place of one of the devices; none when absent. */
    setTopBoxes: z
      .array(setTopBoxSchema, { error: SET_TOP_BOXES_INVALID })
      .max(MAX_DEVICES, MORE_BOXES_THAN_DEVICES)
      .nullish()
      .transform((boxes) => boxes ?? []),
    /** The browser's zone, recorded for a customer who has none yet (decision 0074). */
    timeZone: browserTimeZoneField,
    /** The currency shown to the buyer (decision 0104): the order is priced from its price list; USD when absent. */
    currency: optionalCurrencyField,
    /** The language of the order's emails (decision 0107); absent: the customer's saved one, then Accept-Language. */
    locale: optionalLocaleField,
  })
  .superRefine((order, ctx) => {
    const needsShipping = canonicalPackageId(order.packageId) === STREAMING_BOX_ID;
    if (needsShipping && !hasShippingAddress(order)) {
      ctx.addIssue({ code: 'custom', path: ['shippingAddress'], message: SHIPPING_REQUIRED_MESSAGE });
    }
    checkSetTopBoxes(order, ctx);
    if (order.autoRenew && order.paymentMethod !== 'card') ctx.addIssue({ code: 'custom', path: ['autoRenew'], message: AUTO_RENEW_CARD_ONLY_MESSAGE });
  });
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
export type CheckoutInput = z.output<typeof checkoutRequestSchema>;

/** The set-top boxes' rules across fields: no more boxes than devices, each MAC once, none on a renewal. */
export function checkSetTopBoxes(
  order: { setTopBoxes: { mac: string }[]; deviceCount: number; renewsSubscriptionId: string | null },
  ctx: z.RefinementCtx,
): void {
  const macs = order.setTopBoxes.map((box) => box.mac);
  if (macs.length > order.deviceCount) ctx.addIssue({ code: 'custom', path: ['setTopBoxes'], message: MORE_BOXES_THAN_DEVICES });
  if (new Set(macs).size < macs.length) ctx.addIssue({ code: 'custom', path: ['setTopBoxes'], message: SAME_MAC_TWICE });
  if (macs.length > 0 && order.renewsSubscriptionId) ctx.addIssue({ code: 'custom', path: ['setTopBoxes'], message: BOXES_NOT_ON_RENEWAL });
}

export function hasShippingAddress(order: Pick<CheckoutInput, 'shippingAddress' | 'shippingCity' | 'shippingState' | 'shippingZip'>): boolean {
  return Boolean(order.shippingAddress && order.shippingCity && order.shippingState && order.shippingZip);
}

export const orderSummarySchema = z.object({
  id: z.string(),
  packageId: z.string(),
  paymentMethod: z.enum(['card', 'crypto', 'free']),
  paymentStatus: z.string(),
  deviceCount: z.number().int(),
  couponCode: z.string().nullable(),
  subtotalAmount: moneyText,
  couponDiscount: moneyText,
  totalAmount: moneyText,
  cashbackAmount: moneyText,
  /** The currency of the order's amounts (decision 0104). */
  currency: z.enum(SUPPORTED_CURRENCIES),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const checkoutResponseSchema = z.object({
  isFreeOrder: z.boolean(),
  needsPasswordSetup: z.boolean(),
  order: orderSummarySchema,
  /** The card provider's client secret for a card order awaiting payment; null otherwise. */
  clientSecret: z.string().nullable(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/**
 * A renewal paid with the subscription's saved card in one tap (decision 0076): POST
 * /api/checkout/saved-card takes the checkout's body and charges the card the subscription
 * renews with; POST /api/checkout/saved-card/confirm finishes one the bank wanted confirmed
 * (3-D Secure). The server prices the order; the browser sends no amount.
 */
export const SAVED_CARD_MISSING_MESSAGE = 'This subscription has no saved card. Please enter a card.';
export const savedCardPaymentSchema = z.object({
  /** paid: the order is paid; requires_action: the bank asks its customer to confirm first. */
  outcome: z.enum(['paid', 'requires_action']),
  orderId: z.string(),
  /** The renewed subscription's expiry once paid and applied (ISO); null before. */
  expirationDate: z.string().nullable(),
  /** Stripe.js confirms the charge with it; null unless Stripe awaits the confirmation. */
  clientSecret: z.string().nullable(),
});
export type SavedCardPayment = z.infer<typeof savedCardPaymentSchema>;
export const savedCardConfirmRequestSchema = z.object({ orderId: requiredText('Order ID', 64, 'Order not found') });

/** A subtotal as the page computed it: a number or decimal text, at least 0. */
const subtotalField = z
  .union([z.number(), z.string()], { error: 'Invalid subtotal amount' })
  .transform((value, ctx) => {
    const cents = typeof value === 'number' ? Math.round(value * 100) : parseMoneyOrNull(value);
    if (cents === null || !Number.isSafeInteger(cents) || cents < 0 || cents > 99_999_999) {
      ctx.addIssue({ code: 'custom', message: 'Invalid subtotal amount' });
      return z.NEVER;
    }
    return cents;
  });

function parseMoneyOrNull(text: string): number | null {
  try {
    return parseMoney(text);
  } catch {
    return null;
  }
}

export const validateCouponRequestSchema = z.object({
  code: couponCodeField,
  packageId: requiredText('Package ID', 100, 'Unknown package'),
  /** In cents once parsed. */
  subtotalAmount: subtotalField,
  /** Not in the spec's call; when absent the server derives it from subtotalAmount. */
  deviceCount: deviceCountSchema.optional(),
  /** The checkout's currency (decision 0104); USD when absent. */
  currency: optionalCurrencyField,
});
export type ValidateCouponRequest = z.input<typeof validateCouponRequestSchema>;

export const validateCouponResponseSchema = z.object({
  valid: z.boolean(),
  coupon: z.object({ code: z.string(), description: z.string(), discountAmount: moneyText }).optional(),
  error: z.string().optional(),
});
export type ValidateCouponResponse = z.infer<typeof validateCouponResponseSchema>;

/** Stripe's and the demo's PaymentIntent ids: pi_ then letters, digits, underscores. */
export const paymentIntentIdSchema = z
  .string({ error: 'Payment intent id is required' })
  .regex(/^pi_[A-Za-z0-9_]{1,200}$/, 'Invalid payment intent id');

export const paymentSuccessRequestSchema = z.object({
  orderId: requiredText('Order ID', 64, 'Order not found'),
  paymentIntentId: paymentIntentIdSchema,
});
export type PaymentSuccessRequest = z.infer<typeof paymentSuccessRequestSchema>;

export const paymentSuccessResponseSchema = z.object({
  orderId: z.string(),
  paymentStatus: z.literal('completed'),
});

export const storeConfigSchema = z.object({
  cardProvider: z.enum(['stripe', 'demo']),
  stripePublishableKey: z.string().nullable(),
  cryptoProvider: z.enum(['nowpayments', 'demo']),
});
export type StoreConfig = z.infer<typeof storeConfigSchema>;

/** Luhn's checksum, which every real card number passes. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export const DEMO_CARD_SUCCESS = '4242424242424242';
export const DEMO_CARD_DECLINED = '4000000000000002';
/** Pays and can be saved; charged with its owner absent, it asks for authentication (3-D Secure), as Stripe's test card does. */
export const DEMO_CARD_AUTHENTICATION_REQUIRED = '4000002760003184';
/** Pays and can be saved; charged with its owner absent, it is declined for insufficient funds. */
export const DEMO_CARD_INSUFFICIENT_FUNDS = '4000000000009995';

/** The demo card form; expiry 'MM/YY' must not be in the past. */
export const demoCardSchema = z.object({
  cardNumber: z
    .string({ error: 'Your card number is incomplete.' })
    .transform((text) => text.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{13,19}$/, 'Your card number is incomplete.')
        .refine(passesLuhn, 'Your card number is invalid.'),
    ),
  expiry: z
    .string({ error: "Your card's expiration date is incomplete." })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, "Your card's expiration date is incomplete.")
    .refine((text) => !expiryInPast(text), "Your card's expiration date is in the past."),
  cvc: z.string({ error: "Your card's security code is incomplete." }).trim().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type DemoCardInput = z.input<typeof demoCardSchema>;

function expiryInPast(text: string, now = new Date()): boolean {
  const [month, year] = text.split('/').map((part) => Number(part.trim())) as [number, number];
  const endOfMonth = new Date(Date.UTC(2000 + year, month, 1));
  return endOfMonth.getTime() <= now.getTime();
}

export const demoConfirmResponseSchema = z.object({
  id: z.string(),
  status: z.literal('succeeded'),
});
