import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns';

/** Provider events already handled (Stripe event ids, crypto IPN ids): a replay is ignored. */
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: createdAt(),
});
