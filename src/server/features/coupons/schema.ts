import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  usageLimit: integer('usage_limit'),
  usageCount: integer('usage_count').notNull().default(0),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validTo: timestamp('valid_to', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
