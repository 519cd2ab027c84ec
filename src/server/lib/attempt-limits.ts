import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { prebuilt } from '#server/db/prebuilt';
import { canonicalMailbox } from '#domain/mailbox';
import { DomainError } from '#domain/errors';
import { rateLimits } from './schema';

/**
 * Attempt counters in the database, so that every instance counts against the same limit
 * (docs/decisions: attempt limits). Each key allows `max` attempts per fixed window of
 * `windowMs`, the window starting at the key's first attempt.
 */
export interface AttemptLimit {
  key: string;
  max: number;
  windowMs: number;
}

export interface AttemptResult {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  hits: number;
  /** How long until the window ends and the key is free again. */
  retryAfterMs: number;
}

/**
 * Counts one attempt and says whether it is within the limit. Counting happens before
 * the guarded work, in one atomic statement, so concurrent attempts cannot all slip
 * under the limit; callers give back attempts that turn out not to count (a correct password).
 */
const expired = sql.raw(`"rate_limits"."reset_at" <= now()`);
const countAttempt = prebuilt((db) =>
  db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), hits: 1, resetAt: sql`now() + ${sql.placeholder('windowMs')}::integer * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else "rate_limits"."hits" + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else "rate_limits"."reset_at" end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt }),
);

export async function consumeAttempt(db: DbOrTx, limit: AttemptLimit): Promise<AttemptResult> {
  const [row] = await countAttempt(db, { key: limit.key, windowMs: limit.windowMs });
  return { allowed: row!.hits <= limit.max, hits: row!.hits, retryAfterMs: Math.max(0, row!.resetAt.getTime() - Date.now()) };
}

/** The key's attempts in its current window, without counting one; null when none. For look-aheads. */
export async function currentAttempts(db: DbOrTx, key: string): Promise<Omit<AttemptResult, 'allowed'> | null> {
  const [row] = await db
    .select({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)))
    .limit(1);
  return row ? { hits: row.hits, retryAfterMs: Math.max(0, row.resetAt.getTime() - Date.now()) } : null;
}

/** Gives back one attempt of the key's current window. */
export async function refundAttempt(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** The refusal (a 429 at the edge): `message(minutes)` for people, the wait in seconds for programs' Retry-After (RFC 9110). */
export function tooManyAttempts(retryAfterMs: number, message: (minutes: number) => string): DomainError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new DomainError('too_many_attempts', message(minutes), { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
}

/** Counts an attempt under each limit in turn; the first one exceeded is refused with `message(minutes)`. */
export async function enforceAttemptLimits(
  db: DbOrTx,
  limits: AttemptLimit[],
  message: (minutes: number) => string,
): Promise<void> {
  for (const limit of limits) {
    const result = await consumeAttempt(db, limit);
    if (!result.allowed) throw tooManyAttempts(result.retryAfterMs, message);
  }
}

/** Removes counters whose window has ended; returns how many. Scheduled by the jobs engine. */
export async function deleteExpiredRateLimits(db: DbOrTx): Promise<number> {
  const removed = await db.delete(rateLimits).where(lte(rateLimits.resetAt, new Date())).returning({ key: rateLimits.key });
  return removed.length;
}

const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins allowed per address, and on one account from anywhere, in a window. */
export const SIGN_IN_LIMIT = { max: 10, windowMs: SIGN_IN_WINDOW_MS };
/** Once an account is over SIGN_IN_LIMIT, the tries each address still has on it. */
export const SIGN_IN_LIMIT_UNDER_ATTACK = { max: 3, windowMs: SIGN_IN_WINDOW_MS };

const signInLimitMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/**
 * Counts a sign-in attempt on `account` (an email, an admin's username) from `ip` before the
 * password is checked, and refuses past the limits. An account with many failures from
 * anywhere is under attack: then each address gets a few tries on it, so guessers are
 * slowed while its owner still signs in (decision 0013). Call the returned function once
 * the password is right: only failures count.
 */
export async function enforceSignInLimits(db: DbOrTx, scope: string, account: string, ip: string): Promise<() => Promise<void>> {
  const ipKey = `${scope}:ip:${ip}`;
  const accountKey = `${scope}:${account}`;
  const accountFromIpKey = `${scope}:${account}:ip:${ip}`;
  await enforceAttemptLimits(db, [{ key: ipKey, ...SIGN_IN_LIMIT }], signInLimitMessage);
  const onAccount = await consumeAttempt(db, { key: accountKey, ...SIGN_IN_LIMIT });
  const fromHere = await consumeAttempt(db, { key: accountFromIpKey, ...SIGN_IN_LIMIT_UNDER_ATTACK });
  if (!onAccount.allowed && !fromHere.allowed) {
    throw tooManyAttempts(Math.min(onAccount.retryAfterMs, fromHere.retryAfterMs), signInLimitMessage);
  }
  return async () => {
    await clearAttempts(db, accountKey);
    await clearAttempts(db, accountFromIpKey);
    await refundAttempt(db, ipKey);
  };
}

/**
 * Store emails that a visitor's action sends to an address (a free order's setup link, a
 * resent link, a password reset), counted per mailbox whoever asks: any one address gets
 * a few an hour, so the store is no one's mail relay.
 */
export const GUEST_MAIL_LIMIT = { max: 5, windowMs: 60 * 60_000 };
export const guestMailLimit = (email: string): AttemptLimit => ({ key: `guest-mail:${canonicalMailbox(email)}`, ...GUEST_MAIL_LIMIT });

/**
 * A preHandler that allows each client address `max` requests per window under `name`,
 * shared by every route given the same name. It throttles abuse (order spam, guessing
 * coupon codes); the numbers leave a real buyer far below it.
 */
export function perAddressLimit(db: DbOrTx, name: string, limit: Omit<AttemptLimit, 'key'>, what: string) {
  return async (request: { ip: string }) =>
    enforceAttemptLimits(db, [{ key: `${name}:ip:${request.ip}`, ...limit }], (minutes) =>
      `Too many ${what} from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
}
