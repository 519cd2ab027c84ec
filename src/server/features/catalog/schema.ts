import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { money, createdAt, updatedAt } from '#server/db/columns';

export const packages = pgTable('packages', {
  /** A uuid, or a text id the spec's client knows: trial-36h, streaming-box. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  duration: text('duration').notNull(),
  durationUnit: text('duration_unit', { enum: ['hours', 'months'] }).notNull(),
  durationValue: integer('duration_value').notNull(),
  price: money('price').notNull(),
  cashback: money('cashback').notNull().default('0.00'),
  channels: text('channels').notNull(),
  quality: text('quality').notNull(),
  devices: integer('devices').notNull().default(4),
  vod: text('vod'),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  popular: boolean('popular').notNull().default(false),
  requiresShipping: boolean('requires_shipping').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A package's price in a currency other than USD (decision 0104): set by the owner, never
 * worked out from an exchange rate, so that it may end in .99. USD stays in packages.price,
 * which the spec's answers read. A package without a row in a currency is not sold in it.
 */
export const packagePrices = pgTable(
  'package_prices',
  {
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** EUR, GBP or BRL (the check): USD is packages.price. */
    currency: text('currency', { enum: ['USD', 'EUR', 'GBP', 'BRL'] }).notNull(),
    price: money('price').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.currency] }), check('package_prices_not_usd', sql`${t.currency} in ('EUR', 'GBP', 'BRL')`)],
);

/**
 * The owner's setting of a currency (decision 0104): a currency without a row is on. USD,
 * the store's default, is never turned off.
 */
export const storeCurrencies = pgTable(
  'store_currencies',
  {
    currency: text('currency', { enum: ['USD', 'EUR', 'GBP', 'BRL'] }).primaryKey(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [check('store_currencies_usd_stays_on', sql`${t.currency} <> 'USD' or ${t.enabled}`)],
);
