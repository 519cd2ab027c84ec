import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TICKET_CATEGORIES, TICKET_STATUSES } from '#domain/tickets';
import { createdAt, updatedAt } from '#server/db/columns';

/** PostgreSQL's bytea, read as a Buffer on both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Support tickets (decision 0102), written only by features/support. A signed-in customer's
 * ticket names the customer; a guest's names an email and an order, and is not shown to the
 * staff until the guest opened the link emailed to them (verified_at).
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number customers and staff quote: #1042. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    /** Refers to customers(id) on delete set null: a foreign key kept in the migrations (decision 0047). Null for a guest. */
    customerId: uuid('customer_id'),
    /** Where replies go: the customer's email when opened, or the guest's. */
    email: text('email').notNull(),
    /** The guest's order (refers to orders(id), kept in the migrations); null for a customer. */
    orderId: text('order_id'),
    category: text('category', { enum: TICKET_CATEGORIES }).notNull(),
    subject: text('subject').notNull(),
    /** One of the customer's devices (refers to device_credentials(id) on delete set null, kept in the migrations). */
    deviceId: uuid('device_id'),
    /** The channel's name under "Channels or picture". */
    channel: text('channel'),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    /** A guest's ticket is held until its emailed link was opened; a customer's is verified when opened. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Refers to admins(id) on delete set null (kept in the migrations); the name as it was, for ratings by agent. */
    assigneeId: uuid('assignee_id'),
    assigneeName: text('assignee_name'),
    /** The staff's clock runs from here. */
    lastCustomerMessageAt: timestamp('last_customer_message_at', { withTimezone: true }).notNull(),
    /** Since when the ticket waits for its customer; the auto-resolve pass reads it. */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** 1-5, once, after it was resolved; the agent rated is the assignee then. */
    rating: smallint('rating'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('support_tickets_rating_range', sql`${t.rating} between 1 and 5`),
    index('support_tickets_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('support_tickets_inbox_idx').on(t.status, t.lastCustomerMessageAt),
    index('support_tickets_waiting_idx').on(t.waitingSince).where(sql`${t.status} = 'waiting'`),
    index('support_tickets_channels_idx').on(t.createdAt).where(sql`${t.category} = 'channels'`),
  ],
);

/** A ticket's messages: the customer's, the staff's (internal notes among them) and the store's. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order messages were written in, even within one instant. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'staff', 'store'] }).notNull(),
    /** Refers to admins(id) on delete set null (kept in the migrations). */
    staffId: uuid('staff_id'),
    staffName: text('staff_name'),
    /** As written: shown as text everywhere (decision 0102). */
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.seq)],
);

/** Images sent with a message, in the database so every instance serves them. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** What the bytes are (sniffed), never what the sender said. */
    contentType: text('content_type').notNull(),
    filename: text('filename').notNull(),
    /** Its place among the message's images, as they were sent. */
    position: smallint('position').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_attachments_message_idx').on(t.messageId)],
);

/**
 * The links emailed for a ticket (a guest's verification, a reply's, a resolution's): only
 * a SHA-256 of each is kept, as for password links; each lets its holder read and answer
 * that one ticket, and resolve or rate it.
 */
export const supportTicketLinks = pgTable(
  'support_ticket_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_ticket_links_ticket_idx').on(t.ticketId)],
);

/** Replies the owner writes for agents to insert. */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The owner's support settings: one row (id = 1), absent until first set. */
export const supportSettings = pgTable(
  'support_settings',
  {
    id: smallint('id').primaryKey().default(1),
    responseTargetMinutes: integer('response_target_minutes').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('support_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * Goodwill days the support role gave a subscription in a calendar month: the check holds
 * "at most 3" in the statement that adds days, so two agents at once cannot pass it.
 */
export const supportGoodwillMonths = pgTable(
  'support_goodwill_months',
  {
    /** Refers to subscriptions(id) on delete cascade (kept in the migrations). */
    subscriptionId: uuid('subscription_id').notNull(),
    /** '2027-02', in the store's zone. */
    month: text('month').notNull(),
    days: smallint('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.month] }), check('support_goodwill_months_limit', sql`${t.days} between 0 and 3`)],
);
