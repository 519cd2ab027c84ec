import { eq, or } from 'drizzle-orm';
import { canonicalMailbox } from '#domain/mailbox';
import type { DbOrTx } from '#server/db/connect';
import { trialClaims } from './schema';
import { currentAttempts, enforceAttemptLimits, tooManyAttempts } from '#server/lib/attempt-limits';
import { isDisposableEmail } from '#server/lib/disposable-email';
import { conflict, invalid, type DomainError } from '#domain/errors';
import { trialNetwork } from '#domain/trial-network';
import { DISPOSABLE_EMAIL_REFUSED, TRIAL_NETWORK_LIMIT_REACHED, TRIALS_PAUSED_TODAY, TRIALS_PER_NETWORK_PER_DAY } from '#contract/trials';
import { takeTrialOfDay, trialDailyBudget, trialDayAt, trialsStartedOn } from './trial-budget';

export const TRIAL_USED_BY_EMAIL = 'This email address has already used its free trial';
export const TRIAL_USED_BY_BROWSER = 'A free trial has already been used on this browser';

/**
 * Trials one network starts in a day of the store (decision 0101): counted under a key of
 * the network and the day, whose window ends at the store's next midnight.
 */
function networkLimit(ip: string, when: TrialDay) {
  return { key: `trials:${when.day}:net:${trialNetwork(ip)}`, max: TRIALS_PER_NETWORK_PER_DAY, windowMs: when.msToNextDay };
}
const networkLimitMessage = () => TRIAL_NETWORK_LIMIT_REACHED;
/** Trials paused until the store's next day: a 429 whose Retry-After says when. */
const pausedToday = (when: TrialDay) => tooManyAttempts(when.msToNextDay, () => TRIALS_PAUSED_TODAY);

/** The instant of the claim and the store's time zone, which say its day. */
export interface TrialTime {
  now: Date;
  timeZone: string;
}
type TrialDay = ReturnType<typeof trialDayAt>;

export interface TrialClaim {
  email: string;
  browserId: string | null;
  /** The caller's address, whose network gets TRIALS_PER_NETWORK_PER_DAY trials a day. */
  ip: string;
}

/** Whether the day's budget is spent: the trial buttons' paused state. */
export async function trialsPausedAt(db: DbOrTx, time: TrialTime): Promise<boolean> {
  const { day } = trialDayAt(time.now, time.timeZone);
  const [budget, started] = await Promise.all([trialDailyBudget(db), trialsStartedOn(db, day)]);
  return started >= budget;
}

/**
 * Claims the one free trial of a mailbox and of a browser, one of the network's trials of
 * the day and one of the store's daily budget, inside the caller's transaction: a refused
 * claim takes none of them back, and the table's unique keys and the counters' row locks
 * settle concurrent claims. Throws a 400 for a disposable address, a 409 naming which of
 * mailbox and browser was used, or a 429 for the network's limit or the spent budget.
 */
export async function claimFreeTrial(tx: DbOrTx, claim: TrialClaim & { orderId: string }, time: TrialTime): Promise<void> {
  if (isDisposableEmail(claim.email)) throw invalid(DISPOSABLE_EMAIL_REFUSED);
  const when = trialDayAt(time.now, time.timeZone);
  // One trial per mailbox: name+1@, n.a.m.e@gmail.com and name@googlemail.com are one
  // (claims stored before this rule were rewritten by drizzle/0004).
  const mailbox = canonicalMailbox(claim.email);
  const [earlier] = await tx.select({ email: trialClaims.email }).from(trialClaims).where(eq(trialClaims.email, mailbox)).limit(1);
  if (earlier) throw conflict(TRIAL_USED_BY_EMAIL);
  await enforceAttemptLimits(tx, [networkLimit(claim.ip, when)], networkLimitMessage);
  if (!(await takeTrialOfDay(tx, when.day))) throw pausedToday(when);
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
export async function freeTrialRefusal(db: DbOrTx, claim: TrialClaim, time: TrialTime): Promise<DomainError | null> {
  if (isDisposableEmail(claim.email)) return invalid(DISPOSABLE_EMAIL_REFUSED);
  const when = trialDayAt(time.now, time.timeZone);
  const mailbox = canonicalMailbox(claim.email);
  const byEmail = eq(trialClaims.email, mailbox);
  const used = await db
    .select({ email: trialClaims.email })
    .from(trialClaims)
    .where(claim.browserId ? or(byEmail, eq(trialClaims.browserId, claim.browserId)) : byEmail);
  if (used.length > 0) return conflict(used.some((row) => row.email === mailbox) ? TRIAL_USED_BY_EMAIL : TRIAL_USED_BY_BROWSER);
  const window = await currentAttempts(db, networkLimit(claim.ip, when).key);
  if (window && window.hits >= TRIALS_PER_NETWORK_PER_DAY) return tooManyAttempts(window.retryAfterMs, networkLimitMessage);
  return (await trialsPausedAt(db, time)) ? pausedToday(when) : null;
}
