import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns';

/**
 * Every email the store sends, written in the transaction of the change that causes it
 * (features/mail, its only writer; docs/decisions/0028). With SMTP a durable job delivers
 * it and sets sent_at; without, the row is the kept email and is written with sent_at set.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /**
     * Header fields sent with it beyond From, To, Subject and Message-ID: a reminder's
     * List-Unsubscribe and List-Unsubscribe-Post (RFC 8058, decision 0040); {} for the rest.
     */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    /** What this email is, e.g. order-confirmation:<order id>: the same email is never written twice. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** Delivered to the SMTP server, or kept (no SMTP_URL); null while its delivery is due. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Delivery attempts made and the last one's error, for the admin and the logs. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Its links are secrets (password links): once delivered by SMTP the kept text loses them. */
    secretLinks: boolean('secret_links').notNull().default(false),
  },
  (t) => [
    // The admin's outbox list pages through it newest first.
    index('mail_outbox_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    // An order's detail lists the mails sent to its buyer.
    index('mail_outbox_to_idx').on(t.to),
    // The sweep of emails whose delivery is due.
    index('mail_outbox_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
);

/**
 * How many emails the outbox holds, for its list's total (decision 0055): kept by
 * drizzle/0022's trigger in the statement that writes or deletes an email, so the admin's
 * outbox reads 8 rows, not every email; rebuilt from scratch by `mail_outbox_figures_rebuild()`.
 * One row per `shard` (the writing connection's), so that concurrent emails do not wait on one row.
 */
export const mailOutboxTallies = pgTable('mail_outbox_tallies', {
  shard: smallint('shard').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull(),
});

/**
 * Whether a customer receives reminder and offer emails (features/mail, its only writer;
 * decision 0040). No row: they do. Set from the account page or an email's unsubscribe
 * link; transactional emails (receipts, links, refunds) are sent whatever it says.
 */
export const mailPreferences = pgTable('mail_preferences', {
  /** Refers to customers(id) on delete cascade: a foreign key kept in the migrations (decision 0047). */
  customerId: uuid('customer_id').primaryKey(),
  reminders: boolean('reminders').notNull(),
  /** Where the last change came from: the account page's switch, the unsubscribe page or a mail client's one-click POST. */
  changedBy: text('changed_by', { enum: ['account', 'unsubscribe-page', 'one-click'] }).notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});
