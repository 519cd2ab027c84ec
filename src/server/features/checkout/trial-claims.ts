import { eq, or } from 'drizzle-orm';
import { canonicalMailbox } from '#domain/mailbox';
import type { DbOrTx } from '#server/db/connect';
import { trialClaims } from './schema';
import { currentAttempts, enforceAttemptLimits, tooManyAttempts } from '#server/lib/attempt-limits';
import { conflict, type DomainError } from '#domain/errors';

export const TRIAL_USED_BY_EMAIL = 'This email address has already used its free trial';
export const TRIAL_USED_BY_BROWSER = 'A free trial has already been used on this browser';

/** Free trials given to one address in a day: a household's, not a script's. */
export const TRIAL_LIMIT = { max: 5, windowMs: 24 * 60 * 60_000 };
const trialLimit = (ip: string) => ({ key: `trials:ip:${ip}`, ...TRIAL_LIMIT });
function trialLimitMessage(minutes: number): string {
  const hours = Math.ceil(minutes / 60);
  return `Too many free trials from your network. Please try again in ${hours} hour${hours === 1 ? '' : 's'}.`;
}

export interface TrialClaim {
  email: string;
  browserId: string | null;
  /** The caller's address, which gets TRIAL_LIMIT trials a day. */
  ip: string;
}

/**
 * Claims the one free trial of a mailbox and of a browser, and one of the address's trials
 * of the day, inside the caller's transaction: a refused claim takes none of them back,
 * and the table's unique keys and the counter's row lock settle concurrent claims. Throws
 * a 409 naming which of the two was used, or the limit's 429.
 */
export async function claimFreeTrial(tx: DbOrTx, claim: TrialClaim & { orderId: string }): Promise<void> {
  // One trial per mailbox: name+1@, n.a.m.e@gmail.com and name@googlemail.com are one
  // (claims stored before this rule were rewritten by drizzle/0004).
  const mailbox = canonicalMailbox(claim.email);
  const [earlier] = await tx.select({ email: trialClaims.email }).from(trialClaims).where(eq(trialClaims.email, mailbox)).limit(1);
  if (earlier) throw conflict(TRIAL_USED_BY_EMAIL);
  await enforceAttemptLimits(tx, [trialLimit(claim.ip)], trialLimitMessage);
  const claimed = await tx
    .insert(trialClaims)
    .values({ email: mailbox, browserId: claim.browserId, orderId: claim.orderId })
    .onConflictDoNothing()
    .returning({ email: trialClaims.email });
  if (claimed.length === 1) return;
  const [byEmail] = await tx.select({ email: trialClaims.email }).from(trialClaims).where(eq(trialClaims.email, mailbox)).limit(1);
  throw conflict(byEmail ? TRIAL_USED_BY_EMAIL : TRIAL_USED_BY_BROWSER);
}

/**
 * Why a trial would be refused now (the error claimFreeTrial would throw), or null. A
 * look-ahead for sign-up, which should not create an account for a trial it cannot give;
 * claimFreeTrial stays the rule that settles races.
 */
export async function freeTrialRefusal(db: DbOrTx, claim: TrialClaim): Promise<DomainError | null> {
  const mailbox = canonicalMailbox(claim.email);
  const byEmail = eq(trialClaims.email, mailbox);
  const used = await db
    .select({ email: trialClaims.email })
    .from(trialClaims)
    .where(claim.browserId ? or(byEmail, eq(trialClaims.browserId, claim.browserId)) : byEmail);
  if (used.length > 0) return conflict(used.some((row) => row.email === mailbox) ? TRIAL_USED_BY_EMAIL : TRIAL_USED_BY_BROWSER);
  const window = await currentAttempts(db, trialLimit(claim.ip).key);
  return window && window.hits >= TRIAL_LIMIT.max ? tooManyAttempts(window.retryAfterMs, trialLimitMessage) : null;
}
