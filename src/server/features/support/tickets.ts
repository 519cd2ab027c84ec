import { hash, randomBytes } from 'node:crypto';
import { and, asc, avg, count, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ATTACHMENTS_PER_MESSAGE,
  CANNED_REPLY_NOT_FOUND,
  DEFAULT_RESPONSE_TARGET_MINUTES,
  GOODWILL_LIMIT,
  TICKET_ALREADY_RATED,
  TICKET_NOT_FOUND,
  TICKET_NOT_RESOLVED,
  type AdminTicketQuery,
  type CannedReply,
  type SupportOverview,
  type TicketDetail,
  type TicketMessage,
  type TicketSummary,
} from '#contract/support';
import type { AuditActor } from '#domain/actors';
import { conflict, invalid, notFound } from '#domain/errors';
import { AUTO_RESOLVE_AFTER_MS, type TicketCategory, type TicketStatus } from '#domain/tickets';
import type { DbOrTx } from '#server/db/connect';
import { supportAttachments, supportCannedReplies, supportGoodwillMonths, supportMessages, supportSettings, supportTicketLinks, supportTickets } from './schema';
import { isUuid } from '#domain/record-id';

export type TicketRow = typeof supportTickets.$inferSelect;

/** An image already checked by its bytes (the routes' multipart reader). */
export interface NewAttachment {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** How long an emailed ticket link works: long enough to rate a ticket resolved after a week's wait. */
const LINK_LIFETIME_MS = 60 * 24 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const CHECK_VIOLATION = '23514';

const hashToken = (token: string) => hash('sha256', token, 'hex');
const iso = (date: Date) => date.toISOString();

export function toTicketSummary(row: TicketRow): TicketSummary {
  return {
    id: row.id,
    number: row.number,
    category: row.category,
    subject: row.subject,
    status: row.status,
    email: row.email,
    deviceId: row.deviceId,
    channel: row.channel,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    lastCustomerMessageAt: iso(row.lastCustomerMessageAt),
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    rating: row.rating,
  };
}

export interface NewTicket {
  customerId: string | null;
  email: string;
  orderId: string | null;
  category: TicketCategory;
  subject: string;
  deviceId: string | null;
  channel: string | null;
  /** A guest's ticket is held until its link is opened. */
  verified: boolean;
}

/** Opens a ticket with its first message, in the caller's transaction. */
export async function insertTicket(tx: DbOrTx, ticket: NewTicket, message: string, attachments: NewAttachment[], now: Date): Promise<TicketRow> {
  const [row] = await tx
    .insert(supportTickets)
    .values({ ...ticket, verifiedAt: ticket.verified ? now : null, lastCustomerMessageAt: now, createdAt: now, updatedAt: now })
    .returning();
  await insertMessage(tx, row!.id, { author: 'customer', body: message }, attachments, now);
  return row!;
}

interface MessageAuthor {
  author: 'customer' | 'staff' | 'store';
  body: string;
  staff?: AuditActor;
  internal?: boolean;
}

async function insertMessage(tx: DbOrTx, ticketId: string, message: MessageAuthor, attachments: NewAttachment[], now: Date): Promise<string> {
  if (attachments.length > ATTACHMENTS_PER_MESSAGE) throw invalid(`At most ${ATTACHMENTS_PER_MESSAGE} attachments per message`);
  const [row] = await tx
    .insert(supportMessages)
    .values({
      ticketId,
      author: message.author,
      staffId: message.staff?.id ?? null,
      staffName: message.staff?.username ?? null,
      body: message.body,
      internal: message.internal ?? false,
      createdAt: now,
    })
    .returning({ id: supportMessages.id });
  if (attachments.length > 0) {
    await tx
      .insert(supportAttachments)
      .values(attachments.map((file, position) => ({ messageId: row!.id, ticketId, contentType: file.contentType, filename: file.filename, position, size: file.data.length, data: file.data, createdAt: now })));
  }
  return row!.id;
}

/** A customer's (or link holder's) reply: the ticket is open again, a resolved one reopened, and the staff's clock restarts. */
export async function addCustomerMessage(tx: DbOrTx, ticketId: string, body: string, attachments: NewAttachment[], now: Date): Promise<TicketRow> {
  const [row] = await tx
    .update(supportTickets)
    .set({ status: 'open', waitingSince: null, resolvedAt: null, lastCustomerMessageAt: now, updatedAt: now })
    .where(eq(supportTickets.id, ticketId))
    .returning();
  if (!row) throw notFound(TICKET_NOT_FOUND);
  await insertMessage(tx, ticketId, { author: 'customer', body }, attachments, now);
  return row;
}

/**
 * A staff member's message. A reply (not an internal note) waits for the customer from now,
 * which starts the 7 days of the auto-resolve; a note changes nothing the customer sees.
 */
export async function addStaffMessage(
  tx: DbOrTx,
  ticketId: string,
  staff: AuditActor,
  body: string,
  internal: boolean,
  attachments: NewAttachment[],
  now: Date,
): Promise<{ ticket: TicketRow; messageId: string }> {
  const [row] = internal
    ? await tx.update(supportTickets).set({ updatedAt: now }).where(eq(supportTickets.id, ticketId)).returning()
    : await tx.update(supportTickets).set({ status: 'waiting', waitingSince: now, resolvedAt: null, updatedAt: now }).where(eq(supportTickets.id, ticketId)).returning();
  if (!row) throw notFound(TICKET_NOT_FOUND);
  const messageId = await insertMessage(tx, ticketId, { author: 'staff', body, staff, internal }, attachments, now);
  return { ticket: row, messageId };
}

/** The staff's change of status or assignee; returns the row before and after. */
export async function patchTicket(
  tx: DbOrTx,
  ticketId: string,
  patch: { status?: TicketStatus; assignee?: AuditActor | null },
  now: Date,
): Promise<{ before: TicketRow; after: TicketRow }> {
  const [before] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).for('update');
  if (!before) throw notFound(TICKET_NOT_FOUND);
  const status = patch.status ?? before.status;
  const moved = status !== before.status;
  const [after] = await tx
    .update(supportTickets)
    .set({
      status,
      ...(moved ? { waitingSince: status === 'waiting' ? now : null, resolvedAt: status === 'resolved' ? now : null } : {}),
      ...(patch.assignee === undefined ? {} : { assigneeId: patch.assignee?.id ?? null, assigneeName: patch.assignee?.username ?? null }),
      updatedAt: now,
    })
    .where(eq(supportTickets.id, ticketId))
    .returning();
  return { before, after: after! };
}

/** "This solved it" from an emailed link: resolved now, once; an already resolved ticket stays as it is. */
export async function resolveByCustomer(tx: DbOrTx, ticketId: string, now: Date): Promise<TicketRow | null> {
  const [row] = await tx
    .update(supportTickets)
    .set({ status: 'resolved', waitingSince: null, resolvedAt: now, updatedAt: now })
    .where(and(eq(supportTickets.id, ticketId), sql`${supportTickets.status} <> 'resolved'`))
    .returning();
  return row ?? null;
}

/**
 * The tickets that waited for their customer 7 days, resolved in one statement: a pass that
 * runs twice, or on two instances at once, resolves each once (the second finds it resolved).
 */
export async function resolveLongWaiting(tx: DbOrTx, now: Date, limit = 200): Promise<TicketRow[]> {
  const due = tx
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(and(eq(supportTickets.status, 'waiting'), lte(supportTickets.waitingSince, new Date(now.getTime() - AUTO_RESOLVE_AFTER_MS))))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(supportTickets)
    .set({ status: 'resolved', resolvedAt: now, updatedAt: now })
    .where(and(inArray(supportTickets.id, due), eq(supportTickets.status, 'waiting')))
    .returning();
}

/** Writes a note by the store on the ticket (the auto-resolve's), seen by both sides. */
export const addStoreNote = (tx: DbOrTx, ticketId: string, body: string, now: Date) => insertMessage(tx, ticketId, { author: 'store', body }, [], now);

/** A rating of 1-5, once, on a resolved ticket. */
export async function rateTicket(tx: DbOrTx, ticketId: string, score: number, now: Date): Promise<TicketRow> {
  const [row] = await tx
    .update(supportTickets)
    .set({ rating: score, ratedAt: now })
    .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.status, 'resolved'), isNull(supportTickets.rating)))
    .returning();
  if (row) return row;
  const [ticket] = await tx.select({ status: supportTickets.status, rating: supportTickets.rating }).from(supportTickets).where(eq(supportTickets.id, ticketId));
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  throw conflict(ticket.rating === null ? TICKET_NOT_RESOLVED : TICKET_ALREADY_RATED);
}

// Links.

/** A new link for a ticket (256 random bits); only its hash is kept. */
export async function issueTicketLink(tx: DbOrTx, ticketId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(supportTicketLinks).values({ tokenHash: hashToken(token), ticketId, expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS), createdAt: now });
  return token;
}

/** Whether the token is a live link of that ticket. Opening one verifies a guest's ticket. */
export async function openTicketLink(db: DbOrTx, ticketId: string, token: string, now: Date): Promise<boolean> {
  const [link] = await db
    .select({ ticketId: supportTicketLinks.ticketId })
    .from(supportTicketLinks)
    .where(and(eq(supportTicketLinks.tokenHash, hashToken(token)), eq(supportTicketLinks.ticketId, ticketId), gt(supportTicketLinks.expiresAt, now)));
  if (!link) return false;
  await db
    .update(supportTickets)
    .set({ verifiedAt: now })
    .where(and(eq(supportTickets.id, ticketId), isNull(supportTickets.verifiedAt)));
  return true;
}

// Reads.

export async function findTicket(db: DbOrTx, ticketId: string): Promise<TicketRow | null> {
  if (!isUuid(ticketId)) return null;
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
  return row ?? null;
}

/** The ticket with its messages; the customer's view leaves the internal notes out. */
export async function ticketDetail(db: DbOrTx, row: TicketRow, { withNotes }: { withNotes: boolean }): Promise<TicketDetail> {
  const messages = await db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.ticketId, row.id), withNotes ? undefined : eq(supportMessages.internal, false)))
    .orderBy(asc(supportMessages.seq));
  const files = await db
    .select({ id: supportAttachments.id, messageId: supportAttachments.messageId, filename: supportAttachments.filename, contentType: supportAttachments.contentType, size: supportAttachments.size })
    .from(supportAttachments)
    .where(eq(supportAttachments.ticketId, row.id))
    .orderBy(asc(supportAttachments.createdAt), asc(supportAttachments.position));
  const view = (message: typeof supportMessages.$inferSelect): TicketMessage => ({
    id: message.id,
    author: message.author,
    staffName: message.staffName,
    body: message.body,
    internal: message.internal,
    createdAt: iso(message.createdAt),
    attachments: files.filter((file) => file.messageId === message.id).map(({ id, filename, contentType, size }) => ({ id, filename, contentType, size })),
  });
  return { ...toTicketSummary(row), messages: messages.map(view) };
}

export async function customerTickets(db: DbOrTx, customerId: string): Promise<TicketSummary[]> {
  const rows = await db.select().from(supportTickets).where(eq(supportTickets.customerId, customerId)).orderBy(desc(supportTickets.updatedAt)).limit(200);
  return rows.map(toTicketSummary);
}

/** The staff's inbox: verified tickets only (a guest's waits for its link), oldest unanswered first. */
export async function inboxTickets(db: DbOrTx, query: AdminTicketQuery, staffId: string): Promise<TicketSummary[]> {
  const where: (SQL | undefined)[] = [isNotNull(supportTickets.verifiedAt)];
  if (query.status) where.push(eq(supportTickets.status, query.status));
  if (query.category) where.push(eq(supportTickets.category, query.category));
  if (query.assigned === 'me') where.push(eq(supportTickets.assigneeId, staffId));
  if (query.assigned === 'none') where.push(isNull(supportTickets.assigneeId));
  const q = query.q?.replace(/^#/, '');
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const inMessages = db.select({ id: supportMessages.ticketId }).from(supportMessages).where(ilike(supportMessages.body, like));
    where.push(
      or(
        /^\d{1,15}$/.test(q) ? eq(supportTickets.number, Number(q)) : undefined,
        ilike(supportTickets.email, like),
        ilike(supportTickets.subject, like),
        inArray(supportTickets.id, inMessages),
      ),
    );
  }
  const rows = await db
    .select()
    .from(supportTickets)
    .where(and(...where))
    .orderBy(sql`${supportTickets.status} = 'resolved'`, asc(supportTickets.lastCustomerMessageAt))
    .limit(200);
  return rows.map(toTicketSummary);
}

export type StoredAttachment = typeof supportAttachments.$inferSelect;

export async function attachmentFile(db: DbOrTx, attachmentId: string): Promise<StoredAttachment | null> {
  if (!isUuid(attachmentId)) return null;
  const [row] = await db.select().from(supportAttachments).where(eq(supportAttachments.id, attachmentId));
  return row ?? null;
}

/** The navigation's count, the newest ticket for the toast, and the channels' counts of the last 24 hours. */
export async function supportOverview(db: DbOrTx, now: Date): Promise<SupportOverview> {
  const verified = isNotNull(supportTickets.verifiedAt);
  const [[open], [newest], channels] = await Promise.all([
    db.select({ n: count() }).from(supportTickets).where(and(verified, eq(supportTickets.status, 'open'))),
    db.select({ id: supportTickets.id, number: supportTickets.number, subject: supportTickets.subject }).from(supportTickets).where(verified).orderBy(desc(supportTickets.number)).limit(1),
    db
      .select({ channel: sql<string>`lower(${supportTickets.channel})`, tickets: count() })
      .from(supportTickets)
      .where(and(verified, eq(supportTickets.category, 'channels'), isNotNull(supportTickets.channel), gte(supportTickets.createdAt, new Date(now.getTime() - DAY_MS))))
      .groupBy(sql`lower(${supportTickets.channel})`)
      .orderBy(desc(count()), sql`lower(${supportTickets.channel})`)
      .limit(20),
  ]);
  return { open: open?.n ?? 0, newest: newest ?? null, channels };
}

/** The owner's figures: the average rating per agent (the assignee when rated) and per category. */
export async function ratingFigures(db: DbOrTx) {
  const rated = isNotNull(supportTickets.rating);
  const agent = sql<string>`coalesce(${supportTickets.assigneeName}, 'Unassigned')`;
  const [byAgent, byCategory] = await Promise.all([
    db.select({ agent, average: avg(supportTickets.rating), ratings: count() }).from(supportTickets).where(rated).groupBy(agent).orderBy(agent),
    db.select({ category: supportTickets.category, average: avg(supportTickets.rating), ratings: count() }).from(supportTickets).where(rated).groupBy(supportTickets.category).orderBy(supportTickets.category),
  ]);
  const rounded = (value: string | null) => Math.round(Number(value ?? 0) * 100) / 100;
  return {
    byAgent: byAgent.map((row) => ({ ...row, average: rounded(row.average) })),
    byCategory: byCategory.map((row) => ({ ...row, average: rounded(row.average) })),
  };
}

// The owner's settings and canned replies.

export async function responseTargetMinutes(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ minutes: supportSettings.responseTargetMinutes }).from(supportSettings);
  return row?.minutes ?? DEFAULT_RESPONSE_TARGET_MINUTES;
}

export async function setResponseTarget(tx: DbOrTx, minutes: number, now: Date): Promise<number> {
  const before = await responseTargetMinutes(tx);
  await tx
    .insert(supportSettings)
    .values({ id: 1, responseTargetMinutes: minutes, updatedAt: now })
    .onConflictDoUpdate({ target: supportSettings.id, set: { responseTargetMinutes: minutes, updatedAt: now } });
  return before;
}

export const cannedReplies = (db: DbOrTx): Promise<CannedReply[]> =>
  db.select({ id: supportCannedReplies.id, title: supportCannedReplies.title, body: supportCannedReplies.body }).from(supportCannedReplies).orderBy(asc(supportCannedReplies.title));

export async function saveCannedReply(tx: DbOrTx, id: string | null, reply: { title: string; body: string }, now: Date): Promise<CannedReply> {
  const columns = { id: supportCannedReplies.id, title: supportCannedReplies.title, body: supportCannedReplies.body };
  const [row] = id
    ? await tx.update(supportCannedReplies).set({ ...reply, updatedAt: now }).where(eq(supportCannedReplies.id, id)).returning(columns)
    : await tx.insert(supportCannedReplies).values({ ...reply, createdAt: now, updatedAt: now }).returning(columns);
  if (!row) throw notFound(CANNED_REPLY_NOT_FOUND);
  return row;
}

export async function removeCannedReply(tx: DbOrTx, id: string): Promise<CannedReply> {
  const [row] = await tx.delete(supportCannedReplies).where(eq(supportCannedReplies.id, id)).returning({ id: supportCannedReplies.id, title: supportCannedReplies.title, body: supportCannedReplies.body });
  if (!row) throw notFound(CANNED_REPLY_NOT_FOUND);
  return row;
}

/**
 * Counts the support role's goodwill days of a subscription in a month, in the caller's
 * transaction: the table's check refuses a fourth day in the one statement that adds it,
 * so two agents granting at once cannot pass 3 between them.
 */
export async function countSupportGoodwill(tx: DbOrTx, subscriptionId: string, month: string, days: number): Promise<void> {
  try {
    await tx
      .insert(supportGoodwillMonths)
      .values({ subscriptionId, month, days })
      .onConflictDoUpdate({ target: [supportGoodwillMonths.subscriptionId, supportGoodwillMonths.month], set: { days: sql`${supportGoodwillMonths.days} + ${days}` } });
  } catch (error) {
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    if (code === CHECK_VIOLATION || cause?.code === CHECK_VIOLATION) throw conflict(GOODWILL_LIMIT);
    throw error;
  }
}
