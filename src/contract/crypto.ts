import { z } from 'zod';
import { canonicalPackageId, STREAMING_BOX_ID } from '#domain/catalog';
import { SUPPORTED_CURRENCIES } from '#domain/currencies';
import { moneyText } from './packages';
import { AUTO_RENEW_CARD_ONLY_MESSAGE, checkoutRequestSchema, checkSetTopBoxes, hasShippingAddress, SHIPPING_REQUIRED_MESSAGE } from './checkout';

/**
 * Requests and responses of the crypto checkout (spec sections 4 and 7). The create call
 * carries the checkout's fields too (devices, coupon, gift card, shipping), which the
 * spec's list omits: without them a crypto buyer would pay for one device only.
 */

const checkoutField = checkoutRequestSchema.shape;

export const createCryptoPaymentRequestSchema = z
  .object({
    packageId: checkoutField.packageId,
    customerData: z.object(
      {
        firstName: checkoutField.firstName,
        lastName: checkoutField.lastName,
        email: checkoutField.email,
        phone: checkoutField.phone,
      },
      { error: 'Customer information is required' },
    ),
    paymentCurrency: z
      .string({ error: "Payment currency must be 'usdc'" })
      .trim()
      .toLowerCase()
      .pipe(z.literal('usdc', { error: 'Only USDC (Ethereum, ERC-20) payments are accepted' }))
      .default('usdc'),
    deviceCount: checkoutField.deviceCount,
    couponCode: checkoutField.couponCode,
    selectedGiftCard: checkoutField.selectedGiftCard,
    shippingAddress: checkoutField.shippingAddress,
    shippingCity: checkoutField.shippingCity,
    shippingState: checkoutField.shippingState,
    shippingZip: checkoutField.shippingZip,
    shippingCountry: checkoutField.shippingCountry,
    renewsSubscriptionId: checkoutField.renewsSubscriptionId,
    setTopBoxes: checkoutField.setTopBoxes,
    /** Taken so that it can be refused: a crypto payment keeps no card to renew with. */
    autoRenew: checkoutField.autoRenew,
    timeZone: checkoutField.timeZone,
    currency: checkoutField.currency,
    locale: checkoutField.locale,
  })
  .superRefine((order, ctx) => {
    if (order.autoRenew) ctx.addIssue({ code: 'custom', path: ['autoRenew'], message: AUTO_RENEW_CARD_ONLY_MESSAGE });
    if (canonicalPackageId(order.packageId) === STREAMING_BOX_ID && !hasShippingAddress(order)) {
      ctx.addIssue({ code: 'custom', path: ['shippingAddress'], message: SHIPPING_REQUIRED_MESSAGE });
    }
    checkSetTopBoxes(order, ctx);
  });
export type CreateCryptoPaymentRequest = z.input<typeof createCryptoPaymentRequestSchema>;
export type CreateCryptoPaymentInput = z.output<typeof createCryptoPaymentRequestSchema>;

export const cryptoPaymentSchema = z.object({
  paymentId: z.string(),
  /** The amount of payCurrency to send, as the provider states it ('15.99'). */
  payAmount: z.string(),
  payCurrency: z.string(),
  payAddress: z.string(),
  orderId: z.string(),
});
export type CryptoPayment = z.infer<typeof cryptoPaymentSchema>;

/** GET /api/crypto-invoices/:paymentId: a renewal invoice's payment and what it renews (decision 0075). */
export const cryptoInvoiceSchema = cryptoPaymentSchema.extend({
  renewal: z.object({
    packageName: z.string(),
    /** The renewal order's total ('15.99') in `currency`. */
    amount: moneyText,
    /** The renewal order's currency: the subscription's last paid order's (decision 0104). */
    currency: z.enum(SUPPORTED_CURRENCIES),
    /** The expiry paying it gives (once paid, the one it gave), ISO. */
    renewsUntil: z.string(),
    /** The zone the page writes it in: the customer's, or the store's until theirs is known (decision 0074). */
    timeZone: z.string(),
  }),
});
export type CryptoInvoice = z.infer<typeof cryptoInvoiceSchema>;

export const cryptoPaymentParamsSchema = z.object({
  paymentId: z
    .string()
    .min(1, 'Payment id is required')
    .max(64, 'Invalid payment id')
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid payment id'),
});

export const cryptoPaymentStatusSchema = z.object({
  /** waiting, confirming, confirmed, sending, partially_paid, finished, failed, refunded or expired. */
  paymentStatus: z.string(),
});
export type CryptoPaymentStatusResponse = z.infer<typeof cryptoPaymentStatusSchema>;

export const DEMO_CRYPTO_STATUSES = ['finished', 'partially_paid', 'failed', 'expired', 'confirming'] as const;

export const simulateCryptoPaymentRequestSchema = z.object({
  status: z.enum(DEMO_CRYPTO_STATUSES, { error: `Status must be one of: ${DEMO_CRYPTO_STATUSES.join(', ')}` }),
});
export type SimulateCryptoPaymentRequest = z.infer<typeof simulateCryptoPaymentRequestSchema>;
