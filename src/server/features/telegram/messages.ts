import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { telegramChats, telegramMessages } from './schema';

/**
 * Every read and write of `telegram_messages`, the Telegram outbox (decision 0103), each in
 * the caller's transaction: this feature is the table's one owner.
 */

/** A message to write: to a chat, or to whichever chat a customer linked. */
export interface NewTelegramMessage {
  text: string;
  html?: boolean;
  /** What it is (the email's key it mirrors, an alert's): a second message with the key is never written. */
  key: string;
}

/** A claim older than this is taken to be lost (its instance died mid-send), shorter than a job's expiry (300 s) so its retry can take it. */
export const CLAIM_LEASE_SECONDS = 240;

/** Writes one message to `chatId`; its id, or null when its key was taken. */
export async function insertMessage(tx: DbOrTx, chatId: string, { text, html = false, key }: NewTelegramMessage): Promise<string | null> {
  const [row] = await tx
    .insert(telegramMessages)
    .values({ chatId, text, parseMode: html ? 'html' : null, dedupeKey: key })
    .onConflictDoNothing({ target: telegramMessages.dedupeKey })
    .returning({ id: telegramMessages.id });
  return row?.id ?? null;
}

/** Writes one message to the chat the customer linked, in one statement; its id, or null when none is linked or the key was taken. */
export async function insertCustomerMessage(tx: DbOrTx, customerId: string, { text, html = false, key }: NewTelegramMessage): Promise<string | null> {
  const [row] = await tx
    .insert(telegramMessages)
    .select(
      tx
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          chatId: telegramChats.chatId,
          text: sql`${text}`.as('text'),
          parseMode: sql`${html ? 'html' : null}`.as('parse_mode'),
          dedupeKey: sql`${key}`.as('dedupe_key'),
          createdAt: sql`now()`.as('created_at'),
          claimedAt: sql`null::timestamptz`.as('claimed_at'),
          sentAt: sql`null::timestamptz`.as('sent_at'),
          attempts: sql`0`.as('attempts'),
          lastError: sql`null`.as('last_error'),
        })
        .from(telegramChats)
        .where(eq(telegramChats.customerId, customerId)),
    )
    .onConflictDoNothing({ target: telegramMessages.dedupeKey })
    .returning({ id: telegramMessages.id });
  return row?.id ?? null;
}

/**
 * Takes a message for one delivery: only while unsent and unclaimed (or its claim is past
 * its lease), so of two instances delivering it at once only one posts it.
 */
export async function claimMessage(tx: DbOrTx, id: string) {
  const [row] = await tx
    .update(telegramMessages)
    .set({ claimedAt: sql`now()`, attempts: sql`${telegramMessages.attempts} + 1` })
    .where(
      and(
        eq(telegramMessages.id, id),
        isNull(telegramMessages.sentAt),
        or(isNull(telegramMessages.claimedAt), lte(telegramMessages.claimedAt, sql`now() - make_interval(secs => ${CLAIM_LEASE_SECONDS})`)),
      ),
    )
    .returning({ chatId: telegramMessages.chatId, text: telegramMessages.text, parseMode: telegramMessages.parseMode });
  return row ?? null;
}

export async function markSent(tx: DbOrTx, id: string): Promise<void> {
  await tx.update(telegramMessages).set({ sentAt: sql`now()`, lastError: null }).where(eq(telegramMessages.id, id));
}

/** The post failed: the claim is let go, for the job's retry. */
export async function releaseClaim(tx: DbOrTx, id: string, error: string): Promise<void> {
  await tx.update(telegramMessages).set({ claimedAt: null, lastError: error }).where(and(eq(telegramMessages.id, id), isNull(telegramMessages.sentAt)));
}

/** Messages not delivered yet, written between `writtenAfter` and `writtenBefore`, oldest first. */
export async function unsentMessages(tx: DbOrTx, { writtenAfter, writtenBefore, limit }: { writtenAfter: Date; writtenBefore: Date; limit: number }) {
  return tx
    .select({ id: telegramMessages.id })
    .from(telegramMessages)
    .where(and(isNull(telegramMessages.sentAt), gt(telegramMessages.createdAt, writtenAfter), lte(telegramMessages.createdAt, writtenBefore)))
    .orderBy(asc(telegramMessages.createdAt))
    .limit(limit);
}

/** A chat's newest messages: the demo's stand-in for the chat itself. */
export async function newestMessagesTo(tx: DbOrTx, chatId: string, limit: number) {
  return tx
    .select({ text: telegramMessages.text, createdAt: telegramMessages.createdAt, sentAt: telegramMessages.sentAt })
    .from(telegramMessages)
    .where(eq(telegramMessages.chatId, chatId))
    .orderBy(desc(telegramMessages.createdAt))
    .limit(limit);
}
