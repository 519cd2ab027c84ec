import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns';

/**
 * A customer's one-time link to their Telegram chat (decision 0103): the `/start <token>`
 * deep link's token, kept only as its SHA-256, used once, and void after its expiry.
 */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the token, hex: the token itself lives only in the customer's link. */
    tokenHash: text('token_hash').notNull().unique(),
    /** Refers to customers(id) on delete cascade: a foreign key kept in the migrations (decision 0047). */
    customerId: uuid('customer_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the one update that used it; a token used or expired links nothing. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('telegram_link_tokens_customer_idx').on(t.customerId)],
);

/** The Telegram chat a customer linked (decision 0103); no row: not linked. */
export const telegramChats = pgTable('telegram_chats', {
  /** Refers to customers(id) on delete cascade: a foreign key kept in the migrations (decision 0047). */
  customerId: uuid('customer_id').primaryKey(),
  /** Telegram's chat id, as text: ids pass 2^53 in groups. */
  chatId: text('chat_id').notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
});

/** Every update taken from the webhook, by Telegram's update_id: a replayed update finds its row and does nothing (decision 0103). */
export const telegramUpdates = pgTable('telegram_updates', {
  updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
  receivedAt: createdAt(),
});

/**
 * Every Telegram message the store sends (decision 0103), written in the transaction of the
 * change that causes it, as mail_outbox is; a durable job claims it, posts it and sets sent_at.
 */
export const telegramMessages = pgTable(
  'telegram_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: text('chat_id').notNull(),
    text: text('text').notNull(),
    /** 'html': Telegram HTML, every user value escaped where it was written; null: plain text. */
    parseMode: text('parse_mode', { enum: ['html'] }),
    /** What the message is (the email's key it mirrors, or an alert's): never written twice. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    createdAt: createdAt(),
    /** The delivery that holds it; another may take it only once this is older than the claim's lease. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    // The sweep of messages whose delivery is due.
    index('telegram_messages_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`),
    // The demo's list of a chat's messages.
    index('telegram_messages_chat_idx').on(t.chatId, t.createdAt.desc()),
  ],
);
