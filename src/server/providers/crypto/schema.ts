import { pgTable, text } from 'drizzle-orm/pg-core';
import { money, createdAt, updatedAt } from '#server/db/columns';

/** The demo crypto provider's payments (D7). */
export const demoCryptoPayments = pgTable('demo_crypto_payments', {
  paymentId: text('payment_id').primaryKey(),
  orderId: text('order_id').notNull(),
  priceAmount: money('price_amount').notNull(),
  /** The currency the payment is priced in: the order's (decision 0104). */
  priceCurrency: text('price_currency').notNull().default('USD'),
  payAmount: text('pay_amount').notNull(),
  payCurrency: text('pay_currency').notNull(),
  payAddress: text('pay_address').notNull(),
  /** waiting | confirming | finished | partially_paid | failed | expired */
  paymentStatus: text('payment_status').notNull().default('waiting'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
