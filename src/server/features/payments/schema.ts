import { primaryKey, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns';

/** Provider events already handled (Stripe event ids, crypto IPN ids): a replay is ignored. */
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: createdAt(),
});

/**
 * A crypto subscription's renewal invoice (issue 21 point 4): one per subscription and
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
