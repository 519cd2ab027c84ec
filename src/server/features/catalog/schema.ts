import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
