import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '#server/db/columns';

/** The demo card provider's PaymentIntents (D7): real state, no real money. */
export const demoPaymentIntents = pgTable('demo_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** requires_payment_method | succeeded | canceled | refunded (after an admin's refund) */
  status: text('status').notNull(),
  orderId: text('order_id').notNull(),
  lastError: text('last_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
