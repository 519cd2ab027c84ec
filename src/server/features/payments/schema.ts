import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '#server/db/columns';

/** Provider events already handled (Stripe event ids, crypto IPN ids): a replay is ignored. */
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: createdAt(),
});

/**
 * A customer's record at the card provider (Stripe's cus_..., the demo's cus_demo_...), made
 * the first time they buy with automatic renewal and reused by every later purchase, so all
 * their saved cards hang under one provider customer (decision 0045).
 */
export const cardProviderCustomers = pgTable(
  'card_provider_customers',
  {
    /** Refers to customers(id): a foreign key kept in the migrations (decision 0047). */
    customerId: uuid('customer_id').notNull(),
    provider: text('provider', { enum: ['demo', 'stripe'] }).notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.provider] })],
);

/**
 * A card the provider keeps for charges with the customer absent (renewals; decision 0044). The
 * store holds only the provider's references and what a person needs to recognise the card.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Refers to customers(id): a foreign key kept in the migrations (decision 0047). */
    customerId: uuid('customer_id').notNull(),
    provider: text('provider', { enum: ['demo', 'stripe'] }).notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    /** The provider's fingerprint of the card number, for the blocklist before an off-session charge (decision 0101); null for cards saved before it was kept. */
    cardFingerprint: text('card_fingerprint'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One row per provider card, so saving the same card again (a repeated notice) finds it.
    uniqueIndex('saved_cards_provider_method_idx').on(t.provider, t.providerPaymentMethodId),
    index('saved_cards_customer_idx').on(t.customerId),
  ],
);
