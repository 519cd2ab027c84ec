import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '#server/db/columns';

/** One free trial per email address and per browser, enforced by the unique keys. */
export const trialClaims = pgTable('trial_claims', {
  email: text('email').primaryKey(),
  browserId: text('browser_id').unique(),
  orderId: text('order_id'),
  claimedAt: createdAt(),
});

/**
 * The owner's daily trial budget (decision 0101): one row, held so by its key; no row means
 * the default. The check keeps a value written by hand within what the admin form allows.
 */
export const trialBudget = pgTable(
  'trial_budget',
  {
    only: boolean('only').primaryKey().default(true),
    dailyBudget: integer('daily_budget').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('trial_budget_one_row', sql`${t.only}`), check('trial_budget_range', sql`${t.dailyBudget} between 0 and 10000`)],
);

/**
 * Trials started on each day of the store's time zone (decision 0101): one counted row per
 * day, raised by one conditional upsert under its row lock, so instances sharing the
 * database never start more than the budget between them.
 */
export const trialDays = pgTable('trial_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  started: integer('started').notNull(),
});
