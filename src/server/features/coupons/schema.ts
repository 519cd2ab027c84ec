import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { money, createdAt, updatedAt } from '#server/db/columns';

export const coupons = pgTable('coupons', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored upper-cased, as the checkout's coupon box sends it. */
  code: text('code').notNull().unique(),
  description: text('description').notNull(),
  type: text('type', { enum: ['percentage', 'fixed'] }).notNull(),
  /** Percent for 'percentage' (10.00 = 10%), dollars for 'fixed'. */
  value: money('value').notNull(),
  minOrderAmount: money('min_order_amount'),
  maxDiscount: money('max_discount'),
  /**
   * The currency of the coupon's amounts (a fixed value, a minimum order, a maximum
   * discount): it applies only to orders in it. A percentage without amounts applies in any
   * currency (decision 0104).
   */
  currency: text('currency', { enum: ['USD', 'EUR', 'GBP', 'BRL'] }).notNull().default('USD'),
  usageLimit: integer('usage_limit'),
  usageCount: integer('usage_count').notNull().default(0),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validTo: timestamp('valid_to', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The store's one win-back coupon, offered by the renewal schedule's win-back emails
 * (decision 0046): the row exists once a choice was made; its coupon is null for "none".
 * One row, held so by its key.
 */
export const winBackCoupon = pgTable(
  'win_back_coupon',
  {
    only: boolean('only').primaryKey().default(true),
    couponId: uuid('coupon_id').references(() => coupons.id),
    updatedAt: updatedAt(),
  },
  (t) => [check('win_back_coupon_one_row', sql`${t.only}`)],
);
