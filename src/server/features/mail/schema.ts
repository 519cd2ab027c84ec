import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns';

/** Mail kept when no SMTP server is configured, so every email can be followed. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [
    // The admin's outbox list pages through it newest first.
    index('mail_outbox_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    // An order's detail lists the mails sent to its buyer.
    index('mail_outbox_to_idx').on(t.to),
  ],
);
