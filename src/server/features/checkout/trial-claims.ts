import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { trialClaims } from '#server/db/schema';
import { conflict } from '#server/http/errors';

export const TRIAL_USED_BY_EMAIL = 'This email address has already used its free trial';
export const TRIAL_USED_BY_BROWSER = 'A free trial has already been used on this browser';

/**
 * Claims the one free trial of an email address and of a browser, inside the caller's
 * transaction; the table's unique keys settle concurrent claims. Throws a 409 naming
 * which of the two was used.
 */
export async function claimFreeTrial(tx: DbOrTx, claim: { email: string; browserId: string | null; orderId: string }): Promise<void> {
  const email = claim.email.trim().toLowerCase();
  const claimed = await tx
    .insert(trialClaims)
    .values({ email, browserId: claim.browserId, orderId: claim.orderId })
    .onConflictDoNothing()
    .returning({ email: trialClaims.email });
  if (claimed.length === 1) return;
  const [byEmail] = await tx.select({ email: trialClaims.email }).from(trialClaims).where(eq(trialClaims.email, email)).limit(1);
  throw conflict(byEmail ? TRIAL_USED_BY_EMAIL : TRIAL_USED_BY_BROWSER);
}

/**
 * Why a trial would be refused now (the message claimFreeTrial would throw), or null. A
 * look-ahead for sign-up, which should not create an account for a trial it cannot give;
 * claimFreeTrial stays the rule that settles races.
 */
export async function freeTrialRefusal(db: DbOrTx, claim: { email: string; browserId: string | null }): Promise<string | null> {
  const email = claim.email.trim().toLowerCase();
  const used = await db
    .select({ email: trialClaims.email })
    .from(trialClaims)
    .where(claim.browserId ? or(eq(trialClaims.email, email), eq(trialClaims.browserId, claim.browserId)) : eq(trialClaims.email, email));
  if (used.length === 0) return null;
  return used.some((row) => row.email === email) ? TRIAL_USED_BY_EMAIL : TRIAL_USED_BY_BROWSER;
}
