import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '#server/db/columns';

/** The demo card provider's PaymentIntents (D7): real state, no real money. */
export const demoPaymentIntents = pgTable('demo_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** requires_payment_method | requires_action (an off-session charge that needs the customer) | succeeded | canceled | refunded (after an admin's refund) */
  status: text('status').notNull(),
  orderId: text('order_id').notNull(),
  lastError: text('last_error'),
  /** The decline's code, as Stripe's last_payment_error.code: card_declined, insufficient_funds ... */
  lastErrorCode: text('last_error_code'),
  /** The demo customer the card is saved for (Stripe's `customer`), when the buyer asked to save it. */
  customerId: text('customer_id'),
  /** 'off_session' when the paying card is to be kept for renewals (Stripe's setup_future_usage). */
  setupFutureUsage: text('setup_future_usage'),
  /** The demo card that paid or is to pay it. */
  paymentMethodId: text('payment_method_id'),
  /** The fingerprint of the test card that paid it, as Stripe's charge carries one (decision 0099). */
  cardFingerprint: text('card_fingerprint'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The demo provider's customers (Stripe's Customer objects): what saved cards hang under. */
export const demoCustomers = pgTable('demo_customers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  createdAt: createdAt(),
});

/**
 * Cards the demo provider keeps for a customer, each with its test number's behaviour off
 * session (decision 0044): 4242 pays, 3184 needs authentication, 9995 lacks funds.
 */
export const demoPaymentMethods = pgTable(
  'demo_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    /** succeeds | authentication_required | insufficient_funds */
    offSessionBehaviour: text('off_session_behaviour').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** The test card's fingerprint, as Stripe's payment method carries one (decision 0101); null for cards kept before. */
    cardFingerprint: text('card_fingerprint'),
    createdAt: createdAt(),
  },
  (t) => [index('demo_payment_methods_customer_idx').on(t.customerId)],
);

/** The demo provider's SetupIntents: a card saved for a customer without a payment ("Update card"). */
export const demoSetupIntents = pgTable('demo_setup_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  customerId: text('customer_id').notNull(),
  /** requires_payment_method | succeeded */
  status: text('status').notNull(),
  paymentMethodId: text('payment_method_id'),
  lastError: text('last_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The demo provider's disputes (decision 0100), one per paid intent as at Stripe: a tester
 * opens and closes them; the evidence the store submits is kept here, as Stripe keeps it.
 */
export const demoDisputes = pgTable('demo_disputes', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id').notNull().unique(),
  /** needs_response | under_review (evidence submitted) | won | lost */
  status: text('status').notNull(),
  reason: text('reason').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  fee: integer('fee').notNull(),
  dueBy: timestamp('due_by', { withTimezone: true }).notNull(),
  evidence: jsonb('evidence'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
