import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RENEWAL_CHARGE_STATUSES } from '#domain/renewal-charges';
import { createdAt, updatedAt } from '#server/db/columns';

/**
 * One row per automatic renewal of a subscription's period (decision 0045): the unique
 * (subscription, period end) is the claim that lets one instance, once, charge the period;
 * its attempts, the next one's time and the last refusal are the retries' memory.
 */
export const renewalCharges = pgTable(
  'renewal_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Refers to subscriptions(id): a foreign key kept in the migrations (decision 0047). */
    subscriptionId: uuid('subscription_id').notNull(),
    /** The expiry this charge renews. */
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /**
     * The renewal order, placed at the first attempt at that day's price.
     * Refers to orders(id): a foreign key kept in the migrations (decision 0047).
     */
    orderId: text('order_id'),
    status: text('status', { enum: RENEWAL_CHARGE_STATUSES }).notNull().default('scheduled'),
    /** Attempts the provider answered (a decline, a success, a request for 3-D Secure); an outage is not one. */
    attempts: integer('attempts').notNull().default(0),
    /** When a scheduled charge is due; for one being charged, when its holder's lease runs out. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    firstDeclinedAt: timestamp('first_declined_at', { withTimezone: true }),
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
    amountCents: integer('amount_cents'),
    /** The last 4 digits of the saved card the latest attempt charged: what the customer's statement and emails name. */
    cardLast4: text('card_last4'),
    /** The PaymentIntent the customer confirms on-session when the bank asks for 3-D Secure. */
    paymentIntentId: text('payment_intent_id'),
    clientSecret: text('client_secret'),
    /**
     * When an admin took a failed charge off the Renewals section's list (decision 0077);
     * a retry puts it back, as its outcome is news again.
     */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('renewal_charges_period_idx').on(t.subscriptionId, t.periodEnd),
    // Each pass reads only the charges due now.
    index('renewal_charges_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * A crypto subscription's renewal invoice (decision 0046): one per subscription and
 * period, whichever instance opens it. The row is claimed before anything else is done;
 * then the renewal order and the provider's invoice are written into it.
 */
export const cryptoRenewalInvoices = pgTable(
  'crypto_renewal_invoices',
  {
    subscriptionId: uuid('subscription_id').notNull(),
    /** The expiry the invoice renews from. */
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** The renewal order, once placed. */
    orderId: text('order_id').unique(),
    invoiceId: text('invoice_id'),
    /** Where the customer pays; null until the provider opened the invoice. */
    invoiceUrl: text('invoice_url'),
    /** When an instance took it on; a claim left by a crashed one is taken over after a while. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.periodEnd] })],
);
