import { z } from 'zod';
import { BILLING_STATUSES } from '#domain/billing';
import { SUPPORTED_CURRENCIES } from '#domain/currencies';
import { requiredText } from './fields';
import { moneyText } from './packages';

/** The signed-in customer's payments and their receipts (the account's "Billing" section). */

/** One refund of a payment: how much came back, and when. */
export const billingRefundSchema = z.object({ amount: moneyText, createdAt: z.string() });

/**
 * One payment, newest first in GET /api/account/billing. Its amounts are money as the API
 * spells it ('15.99'), in `currency` (ISO 4217): the order's (decision 0104), its refunds too.
 */
export const billingPaymentSchema = z.object({
  orderId: z.string(),
  createdAt: z.string(),
  /** What it paid for: 'Renewal: 1 Month Premium (1 Month), 2 devices'. */
  description: z.string(),
  /** What the customer paid: the total, or less when a part-paid crypto order was accepted as it stood ('part_paid'). */
  amount: moneyText,
  currency: z.enum(SUPPORTED_CURRENCIES),
  /** 'Card ending 4242', 'Card' when the store never learnt the digits, or 'Crypto'. */
  paymentMethod: z.string(),
  /**
   * The facts `description` and `paymentMethod` are written from, for a page that writes them in
   * its reader's language; the English texts above stay as they were.
   */
  purchase: z.object({
    packageName: z.string(),
    packageDuration: z.string(),
    renewal: z.boolean(),
    deviceCount: z.number().int(),
    setTopBoxes: z.number().int(),
  }),
  method: z.enum(['card', 'crypto']),
  cardLast4: z.string().nullable(),
  status: z.enum(BILLING_STATUSES),
  refundedAmount: moneyText,
  refunds: z.array(billingRefundSchema),
});
export type BillingPayment = z.infer<typeof billingPaymentSchema>;
export const billingHistorySchema = z.array(billingPaymentSchema);

/**
 * A line of a receipt: the package, the extra devices, a coupon's discount (negative). `kind`,
 * `count` (the extra devices) and `code` (the coupon's) are what its description is written from.
 */
export const receiptLineSchema = z.object({
  description: z.string(),
  amount: moneyText,
  kind: z.enum(['package', 'extra_devices', 'coupon']),
  count: z.number().int(),
  code: z.string().nullable(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

/** GET /api/account/billing/:orderId: one payment with its lines, which add up to the order's total, for its printable receipt. */
export const receiptSchema = billingPaymentSchema.extend({ orderTotal: moneyText, lines: z.array(receiptLineSchema) });
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptParamsSchema = z.object({ orderId: requiredText('Order ID', 64) });

/** Another customer's order, an unpaid one and one that does not exist answer alike. */
export const RECEIPT_NOT_FOUND = 'Receipt not found';
