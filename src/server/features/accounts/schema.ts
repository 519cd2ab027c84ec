import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '#server/db/columns';

/**
 * An address has at most one account row (has_account, with a password) and at most one
 * guest row (orders placed without an account). They stay apart until the email is
 * proven through an emailed link, which merges the guest row into the account
 * (docs/decisions: guest orders and accounts). Find the customer of a new order with
 * `resolveOrderCustomer` (features/accounts/customers.ts), never by email alone.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    /** An argon2id hash; null until the customer sets a password. */
    password: text('password'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    hasAccount: boolean('has_account').notNull().default(false),
    /** When the account holder proved the address through an emailed link. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The IANA zone the customer's dates and times are written in (decision 0074): the
     * browser's at registration or a first checkout, or the one chosen in the account; null
     * until known, when the store's zone (STORE_TIME_ZONE) stands in.
     */
    timeZone: text('time_zone'),
    /** The language the customer reads (domain/locales.ts), from their last checkout or choice; null until known, when English stands in. */
    locale: text('locale'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_account_email_idx').on(t.email).where(sql`${t.hasAccount}`),
    uniqueIndex('customers_guest_email_idx').on(t.email).where(sql`not ${t.hasAccount}`),
    // The admin's customers.csv walks the table newest first in batches by (created_at, id).
    index('customers_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    // The admin's search by an address (reports/address-search.ts, decision 0051): the end of its local part, reversed, by byte order.
    index('customers_email_local_end_idx').using('btree', sql`reverse(lower(split_part(${t.email}, '@', 1))) text_pattern_ops`),
  ],
);

/** Password setup and reset links: only a hash of the token is kept; single use. */
export const setupTokens = pgTable(
  'setup_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['setup', 'reset'] }).notNull(),
    orderId: text('order_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('setup_tokens_customer_idx').on(t.customerId)],
);
