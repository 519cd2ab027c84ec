import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DisputeEvidence } from '#contract/disputes';
import { createdAt, updatedAt } from '#server/db/columns';

/**
 * Card disputes (decision 0100), one row per provider dispute, written from the provider's
 * events in any order: a closed dispute never opens again. Amounts are minor units of
 * `currency`, as the provider states them.
 */
export const disputes = pgTable(
  'disputes',
  {
    /** The provider's id: Stripe's dp_..., the demo's. */
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['demo', 'stripe'] }).notNull(),
    /** Refers to orders(id): a foreign key kept in the migrations (decision 0047). */
    orderId: text('order_id').notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    /** The provider's: warning_needs_response, warning_under_review, warning_closed, needs_response, under_review, won, lost. */
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The provider's dispute fee, once it withdrew the funds. */
    fee: integer('fee').notNull().default(0),
    dueBy: timestamp('due_by', { withTimezone: true }),
    /** Assembled once, when the store first hears the dispute open; null for one first heard closed. */
    evidence: jsonb('evidence').$type<DisputeEvidence>(),
    /** The owner's note, sent with the evidence. */
    note: text('note'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The admin who submitted it; refers to admins(id), kept as the audit row keeps it. */
    submittedBy: uuid('submitted_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('disputes_order_idx').on(t.orderId),
    // The dashboard's dispute rate counts the last 30 days' disputes.
    index('disputes_created_idx').on(t.createdAt),
  ],
);

/**
 * Early fraud warnings (decision 0100), one row per warning: the row is the claim that the
 * store acts on it once, whatever the provider's retries.
 */
export const earlyFraudWarnings = pgTable('early_fraud_warnings', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['demo', 'stripe'] }).notNull(),
  /** Refers to orders(id): a foreign key kept in the migrations (decision 0047). */
  orderId: text('order_id').notNull(),
  paymentIntentId: text('payment_intent_id').notNull(),
  fraudType: text('fraud_type').notNull(),
  /** What the store did: refunded, or why not (already_disputed, not_refundable). */
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});
