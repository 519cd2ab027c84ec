import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns';

/** One free trial per email address and per browser, enforced by the unique keys. */
export const trialClaims = pgTable('trial_claims', {
  email: text('email').primaryKey(),
  browserId: text('browser_id').unique(),
  orderId: text('order_id'),
  claimedAt: createdAt(),
});
