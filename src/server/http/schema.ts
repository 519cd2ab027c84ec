import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Server-side sessions (D6): any instance can read any session; logout deletes the row. */
export const session = pgTable(
  'session',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<Record<string, unknown>>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [index('session_expire_idx').on(t.expire)],
);
