import { z } from 'zod';
import { formatForAdmin, money, type CurrencyCode } from '#domain/currencies';
import type { Cents } from '#domain/money';
import { ORDER_STATUSES } from '#domain/order-status';
import { adminListQuerySchema } from './admin';
import { dayRangeFields, dayRangeInOrder } from './day-range';
import { DEVICE_KINDS } from './devices';
import { currencyField, moneyField, optionalText, plainText, requiredText } from './fields';
import { acceptedPolicySchema } from './policies';
import { adminDisputeSchema } from './disputes';

/** The order an admin action names, in the path (/api/admin/orders/:orderId/...). */
export const adminOrderParamsSchema = z.object({ orderId: requiredText('Order ID', 64) });

export const ORDER_NOT_FOUND = 'Order not found';
export const GIFT_CARD_ORDER_NOT_PAID = "Only a paid order's gift card can be marked delivered";
export const GIFT_CARD_NOT_EARNED = 'This order earns no gift card';

export const GIFT_CARD_DETAILS_ONLY_ON_DELIVERY = 'A code or note goes only with delivered: true';
/** An undo asked for on a later store day than the delivery (decision 0034's day). */
export const giftCardUndoTooLate = (deliveredOn: string, timeZone: string) =>
  `This gift card was marked delivered on ${deliveredOn} (${timeZone}); a delivery can be undone only on the day it was marked.`;

/**
 * POST /api/admin/orders/:orderId/gift-card: the cashback gift card was sent to the buyer,
 * with its code (shown to the buyer in the account) and a note for the admins, both optional;
 * or, with delivered false, that delivery undone, allowed on the store day it was marked.
 */
export const giftCardDeliveryRequestSchema = z
  .strictObject({
    delivered: z.boolean({ error: 'delivered must be true or false' }),
    code: optionalText('Code', 100),
    note: optionalText('Note', 500),
  })
  .refine((body) => body.delivered || (!body.code && !body.note), { message: GIFT_CARD_DETAILS_ONLY_ON_DELIVERY });
export type GiftCardDeliveryRequest = z.input<typeof giftCardDeliveryRequestSchema>;

export const giftCardDeliverySchema = z.object({
  orderId: z.string(),
  giftCardDelivered: z.boolean(),
  message: z.string(),
});
export type GiftCardDelivery = z.infer<typeof giftCardDeliverySchema>;

/** A paid order whose gift card is still owed (GET /api/admin/gift-cards/pending), oldest payment first. */
export const owedGiftCardSchema = z.object({
  orderId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  giftCard: z.string(),
  /** In US dollars whatever the order's currency: the card the owner buys (decision 0110). */
  cashbackAmount: z.string(),
  paidAt: z.string(),
});
export type OwedGiftCard = z.infer<typeof owedGiftCardSchema>;
export const owedGiftCardListSchema = z.array(owedGiftCardSchema);

/** pending until paid; completed once; failed after a declined payment; needs_review for a person; refunded after an admin's refund (domain/order-status.ts). */
export const ORDER_PAYMENT_STATUSES = ORDER_STATUSES;

/** GET /api/admin/orders: newest first, paged like the other admin lists, with filters. */
export const adminOrderListQuerySchema = adminListQuerySchema.extend({
  paymentStatus: z.enum(ORDER_PAYMENT_STATUSES, { error: `paymentStatus must be one of ${ORDER_PAYMENT_STATUSES.join(', ')}` }).optional(),
  /** 'true': only orders waiting for a person (needs_review, or paid whose provisioning gave up); 'false': all others. */
  needsReview: z.enum(['true', 'false'], { error: "needsReview must be 'true' or 'false'" }).optional(),
  packageId: requiredText('Package id', 64).optional(),
  /** Placed on or after `from` and on or before `to`, days in the store's time zone (decision 0034). */
  ...dayRangeFields,
}).refine(...dayRangeInOrder);
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

export const adminOrderSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  deviceCount: z.number().int(),
  paymentMethod: z.enum(['card', 'crypto', 'free']),
  paymentStatus: z.string(),
  /** Why the order needs a person, or why its payment failed. */
  reason: z.string().nullable(),
  totalAmount: z.string(),
  /** The currency every amount of the order is in, its refunds' too (decision 0105). */
  currency: currencyField,
  /** The sum of its refunds so far ('0.00' when none); with the received amount it says what a refund may still give back (domain/refunds.ts). */
  refundedAmount: z.string(),
  /** What a part-paid crypto payment actually brought; null when the order was paid in full or not at all. */
  receivedAmount: z.string().nullable(),
  couponCode: z.string().nullable(),
  giftCard: z.string().nullable(),
  /**
   * The gift card's amount, in US dollars whatever the order's currency (decision 0110): with the
   * status and total it says whether the card is owed (domain/gift-card.ts).
   */
  cashbackAmount: z.string(),
  giftCardDelivered: z.boolean(),
  /** When its gift card was marked delivered: the undo is offered on that store day only. */
  giftCardDeliveredAt: z.string().nullable(),
  requiresShipping: z.boolean(),
  /** A streaming box's shipment: processing, shipped or delivered; null for other orders (and a box not yet provisioned). */
  shipmentStatus: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** True when the order renewed an existing subscription rather than starting one. */
  renewal: z.boolean(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
export const adminOrderSummaryListSchema = z.array(adminOrderSummarySchema);

/** GET /api/admin/orders/:orderId: everything about one order an admin needs to resolve it. */
export const adminOrderDetailSchema = z.object({
  order: adminOrderSummarySchema,
  /** A renewal's subscription, the one it extended (shown in `subscription`); null when the order started its own. */
  renewsSubscriptionId: z.string().nullable(),
  customer: z.object({ id: z.string(), email: z.string(), hasAccount: z.boolean() }).nullable(),
  payment: z.object({
    subtotalAmount: z.string(),
    couponDiscount: z.string(),
    totalAmount: z.string(),
    /** In US dollars, unlike the amounts above (decision 0110). */
    cashbackAmount: z.string(),
    /** The provider's reference: a PaymentIntent id or a crypto payment id. */
    providerReference: z.string().nullable(),
    /** The sum of the order's refunds so far: '0.00' when none (decision 0036). */
    refundedAmount: z.string(),
    /** What a part-paid crypto payment actually brought; null when the order was paid in full or not at all. */
    receivedAmount: z.string().nullable(),
    /** What may still be refunded: what was received (the total, or a part-paid crypto payment's amount) less the refunds. */
    refundableAmount: z.string(),
  }),
  /** Each refund, oldest first: pending until the provider answered. */
  refunds: z.array(z.object({ amount: z.string(), note: z.string().nullable(), status: z.string(), adminUsername: z.string(), createdAt: z.string() })),
  subscription: z
    .object({
      id: z.string(),
      status: z.string(),
      startDate: z.string().nullable(),
      expirationDate: z.string(),
      deviceCount: z.number().int(),
      /** Each device, with what the admin's device calls (adminApiRoutes.device...) need: its id and what it is. */
      credentials: z.array(
        z.object({
          id: z.string(),
          deviceNumber: z.number().int(),
          username: z.string(),
          password: z.string(),
          isActive: z.boolean(),
          enabled: z.boolean(),
          label: z.string().nullable(),
          kind: z.enum(DEVICE_KINDS),
          mac: z.string().nullable(),
        }),
      ),
      /** True while the owner has disabled every device of the subscription (abuse): the customer cannot turn them on. */
      devicesSuspended: z.boolean(),
      /** An expired paid subscription whose lines still run: the end of its grace period (decision 0046). */
      graceEndsAt: z.string().nullable(),
      /** An expired subscription whose lines are off ("Suspended (expired)"); a renewal turns them on. */
      graceSuspended: z.boolean(),
    })
    .nullable(),
  shipment: z
    .object({ status: z.string(), carrier: z.string(), trackingNumber: z.string().nullable(), address: z.string(), estimatedDelivery: z.string().nullable(), actualDelivery: z.string().nullable() })
    .nullable(),
  emails: z.object({
    orderConfirmationSentAt: z.string().nullable(),
    /** Kept emails naming the order, when no SMTP server is configured. */
    outbox: z.array(z.object({ subject: z.string(), createdAt: z.string() })),
  }),
  audit: z.array(z.object({ adminUsername: z.string(), action: z.string(), before: z.record(z.string(), z.unknown()), after: z.record(z.string(), z.unknown()), createdAt: z.string() })),
  /**
   * The policies the buyer agreed to by paying (decision 0097), each with the text shown then:
   * the terms and the refund policy; empty for an order no buyer placed at the checkout.
   */
  policiesAccepted: z.array(acceptedPolicySchema),
  /** Where and when the buyer agreed: the checkout's address, browser and time; null when nobody agreed. */
  agreement: z.object({ ipAddress: z.string(), userAgent: z.string(), acceptedAt: z.string() }).nullable(),
  /** The order's card dispute with its assembled evidence (decision 0100); null when none. */
  dispute: adminDisputeSchema.nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** A subscription whose order was refunded ends with this status (shown on the account page and the admin pages). */
export const SUBSCRIPTION_CANCELLED = 'cancelled';

export const REFUND_NOTE_REQUIRED = 'A crypto payment is refunded outside the store: add a note saying how it was refunded';
export const ORDER_NOT_REFUNDABLE = 'Only a paid order or one that needs review can be refunded';
export const ORDER_NOT_HONOURABLE = 'Only an order that needs review can be honoured';
export const ORDER_NOT_PROVISIONABLE = 'Only a paid order can be provisioned';

export const REFUND_IN_PROGRESS = 'Another refund of this order is in progress: try again in a moment';
export const REFUND_AMOUNT_ZERO = 'Amount must be more than $0.00';
/** No order's total reaches this; an amount past it is refused as malformed before any order is read. */
const MAX_REFUND_CENTS = 99_999_999;
/** An amount of an order in its currency (decision 0105): '$10.99' for a USD order as always, '€10.99' for a EUR one. */
const inOrderCurrency = (cents: Cents, currency: CurrencyCode) => formatForAdmin(money(cents, currency));
/** An amount larger than what is left to refund on the order (409: the order's state, not the input, refuses it). */
export const refundTooLarge = (orderId: string, leftCents: Cents, currency: CurrencyCode) =>
  leftCents === 0 ? `Nothing is left to refund on ${orderId}` : `At most ${inOrderCurrency(leftCents, currency)} is left to refund on ${orderId}`;
/**
 * The header the admin's refund dialog sends, one value per dialog opened: the same request
 * sent twice (a double click, a retry after a lost answer) is one refund (decision 0036).
 */
export const REFUND_KEY_HEADER = 'idempotency-key';
/** The same key with another amount, note or order (409), as Stripe answers a reused idempotency key: only an identical request is repeated. */
export const REFUND_KEY_REUSED = 'This Idempotency-Key was already used for a different refund request: send a new key for a new refund';
export const refundRequestHeadersSchema = z.looseObject({
  [REFUND_KEY_HEADER]: z.string().trim().min(8, 'Idempotency-Key must be 8 to 200 characters').max(200, 'Idempotency-Key must be 8 to 200 characters').optional(),
});

/**
 * POST /api/admin/orders/:orderId/refund. Card and demo payments are refunded through their
 * provider; a crypto payment is refunded by hand outside the store, so its note is required.
 */
export const refundRequestSchema = z.strictObject({
  /** Absent: all that is left to refund. Given: more than zero and at most what is left (decision 0036). */
  amount: moneyField('Amount', MAX_REFUND_CENTS)
    .refine((amount) => amount !== '0.00', REFUND_AMOUNT_ZERO)
    .optional(),
  note: plainText('Note').trim().max(500, 'Note is too long').optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** What an admin's action on an order did: refund, honour, retry-provisioning. */
export const adminOrderActionSchema = z.object({
  orderId: z.string(),
  paymentStatus: z.enum(ORDER_PAYMENT_STATUSES),
  /** Says what happened, for the admin's toast. */
  message: z.string(),
});
export type AdminOrderAction = z.infer<typeof adminOrderActionSchema>;

export { adminOrderPaths } from './admin-order-paths';

/** The toasts of the admin's order actions (adminOrderActionSchema.message). */
export const adminOrderActionMessages = {
  refunded: (orderId: string) => `Order ${orderId} refunded`,
  /** A refund that leaves money on the order: it stays paid and its service goes on. */
  partlyRefunded: (orderId: string, amountCents: Cents, leftCents: Cents, currency: CurrencyCode) =>
    `Refunded ${inOrderCurrency(amountCents, currency)} of order ${orderId}; ${inOrderCurrency(leftCents, currency)} is left`,
  honoured: (orderId: string) => `Order ${orderId} completed as it stands; its service is being set up`,
  provisioningQueued: (orderId: string) => `Provisioning of order ${orderId} queued again`,
  alreadyProvisioned: (orderId: string) => `Order ${orderId} already has its service`,
} as const;
