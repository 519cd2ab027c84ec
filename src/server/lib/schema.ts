import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window attempt counters (login failures, link requests) shared by every instance; owned by ./attempt-limits.ts (decision 0081). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
