import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { telegramChats, telegramLinkTokens, telegramUpdates } from './schema';

/** How long a link's `/start` token is good for (decision 0103): long enough to open Telegram, short enough that a forgotten tab is void. */
export const LINK_TOKEN_LIFETIME_MS = 30 * 60_000;

/** Only this hash is stored; the token itself is in the customer's deep link. */
const hashToken = (token: string) => hash('sha256', token, 'hex');

/**
 * A new one-time token for the customer (192 random bits, 32 characters of base64url: within
 * the 64 of Telegram's start parameter and its alphabet), stored as its hash.
 */
export async function insertLinkToken(tx: DbOrTx, customerId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_TOKEN_LIFETIME_MS);
  await tx.insert(telegramLinkTokens).values({ tokenHash: hashToken(token), customerId, expiresAt });
  return { token, expiresAt };
}

/** Uses a token once: the customer it was made for, or null when it is unknown, used or expired. */
export async function useLinkToken(tx: DbOrTx, token: string, now: Date): Promise<string | null> {
  const [used] = await tx
    .update(telegramLinkTokens)
    .set({ usedAt: now })
    .where(and(eq(telegramLinkTokens.tokenHash, hashToken(token)), isNull(telegramLinkTokens.usedAt), gt(telegramLinkTokens.expiresAt, now)))
    .returning({ customerId: telegramLinkTokens.customerId });
  return used?.customerId ?? null;
}

/** Links (or re-links) the customer's chat. */
export async function linkChat(tx: DbOrTx, customerId: string, chatId: string, now: Date): Promise<void> {
  await tx
    .insert(telegramChats)
    .values({ customerId, chatId, linkedAt: now })
    .onConflictDoUpdate({ target: telegramChats.customerId, set: { chatId, linkedAt: now } });
}

/** Unlinks the customer's chat; true when one was linked. */
export async function unlinkChat(tx: DbOrTx, customerId: string): Promise<boolean> {
  const removed = await tx.delete(telegramChats).where(eq(telegramChats.customerId, customerId)).returning({ customerId: telegramChats.customerId });
  return removed.length > 0;
}

export async function chatOf(tx: DbOrTx, customerId: string): Promise<{ chatId: string; linkedAt: Date } | null> {
  const [row] = await tx.select({ chatId: telegramChats.chatId, linkedAt: telegramChats.linkedAt }).from(telegramChats).where(eq(telegramChats.customerId, customerId));
  return row ?? null;
}

/** Records an update by its update_id; false when it was taken before (a replay), in which case nothing else is done. */
export async function takeUpdate(tx: DbOrTx, updateId: number): Promise<boolean> {
  const taken = await tx.insert(telegramUpdates).values({ updateId }).onConflictDoNothing().returning({ updateId: telegramUpdates.updateId });
  return taken.length > 0;
}

/**
 * Telegram keeps an update it could not deliver for 24 hours; a week of update ids makes any
 * replay a no-op. A token is of no use once expired: a day later it goes.
 */
export const KEEP_UPDATES_MS = 7 * 24 * 60 * 60_000;
const KEEP_EXPIRED_TOKENS_MS = 24 * 60 * 60_000;

/** Deletes update ids and tokens past any use; how many of each. */
export async function pruneLinkRows(tx: DbOrTx, now: Date): Promise<{ updates: number; tokens: number }> {
  const updates = await tx.delete(telegramUpdates).where(lt(telegramUpdates.receivedAt, new Date(now.getTime() - KEEP_UPDATES_MS))).returning({ id: telegramUpdates.updateId });
  const tokens = await tx
    .delete(telegramLinkTokens)
    .where(lt(telegramLinkTokens.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_TOKENS_MS)))
    .returning({ id: telegramLinkTokens.id });
  return { updates: updates.length, tokens: tokens.length };
}
