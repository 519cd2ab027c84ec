import { and, asc, eq, exists, inArray, isNull, lte, sql } from 'drizzle-orm';
import { nextAttemptAfterDecline, RENEWAL_CHARGES_NEEDING_A_LOOK, type RenewalChargeStatus } from '#domain/renewal-charges';
import type { DbOrTx } from '#server/db/connect';
import { ordersForReading as orders } from '#server/features/orders/index';
import { renewalCharges } from './schema';

/**
 * Every read and write of `renewal_charges`, each taking the caller's transaction or the
 * database: the renewals feature is the table's one owner. Every change of a charge's status
 * is one conditional UPDATE, so of two instances (or two runs) only one moves a charge on.
 */

export type RenewalChargeRow = typeof renewalCharges.$inferSelect;

/**
 * How long an instance holds a charge it claimed since its last beat: the instance renews it
 * every CHARGE_LEASE_BEAT_MS while it works on the charge, so a crashed instance's charge is
 * due again a minute later, not ten (the job queue's runs beat the same way: decision 0015).
 */
export const CLAIM_LEASE_MS = 60 * 1000;
export const CHARGE_LEASE_BEAT_MS = 15 * 1000;
/** Rows written or read per statement; a pass repeats them until none is left (or its time is up). */
export const RENEWAL_BATCH = 100;
/** After an outage a charge waits this long, so the pass that met the outage does not ask again at once. */
const OUTAGE_PAUSE_MS = 60 * 1000;

/** Charges an instance may claim: due ones, and ones whose holder's lease ran out. */
export const CLAIMABLE: RenewalChargeStatus[] = ['scheduled', 'charging'];
/** Charges an admin may try again now. */
const RETRYABLE: RenewalChargeStatus[] = ['scheduled', 'failed', 'requires_action'];
/** Charges turning auto-renew off ends. */
const OPEN: RenewalChargeStatus[] = ['scheduled', 'failed', 'requires_action'];

/** The beat of an instance still charging: its claim runs CLAIM_LEASE_MS from `now`; a charge no longer being charged is left alone. */
export async function renewChargeLease(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(renewalCharges)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(and(eq(renewalCharges.id, id), eq(renewalCharges.status, 'charging')));
}

/** The charges due now (or left by a holder that went away), oldest due first. */
export async function dueChargeIds(db: DbOrTx, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: renewalCharges.id })
    .from(renewalCharges)
    .where(and(inArray(renewalCharges.status, CLAIMABLE), lte(renewalCharges.nextAttemptAt, now)))
    .orderBy(asc(renewalCharges.nextAttemptAt))
    .limit(RENEWAL_BATCH);
  return rows.map((row) => row.id);
}

export async function findCharge(db: DbOrTx, id: string): Promise<RenewalChargeRow | null> {
  const [row] = await db.select().from(renewalCharges).where(eq(renewalCharges.id, id));
  return row ?? null;
}

/** The automatic charge of one subscription's period, if one was scheduled: what a reminder of that period may promise. */
export async function chargeOfPeriod(
  db: DbOrTx,
  subscriptionId: string,
  periodEnd: Date,
): Promise<Pick<RenewalChargeRow, 'status' | 'nextAttemptAt' | 'firstDeclinedAt' | 'lastErrorCode'> | null> {
  const [row] = await db
    .select({ status: renewalCharges.status, nextAttemptAt: renewalCharges.nextAttemptAt, firstDeclinedAt: renewalCharges.firstDeclinedAt, lastErrorCode: renewalCharges.lastErrorCode })
    .from(renewalCharges)
    .where(and(eq(renewalCharges.subscriptionId, subscriptionId), eq(renewalCharges.periodEnd, periodEnd)))
    .limit(1);
  return row ?? null;
}

/** What a held charge's attempt is about to charge: the renewal order, its amount and the card. */
export async function recordAttempt(db: DbOrTx, id: string, attempt: { orderId: string; amountCents: number; cardLast4: string }, now: Date): Promise<void> {
  await db
    .update(renewalCharges)
    .set({ ...attempt, updatedAt: now })
    .where(and(eq(renewalCharges.id, id), eq(renewalCharges.status, 'charging')));
}

/** A held charge that ends without a charge: auto-renew off, renewed otherwise, package gone. */
export async function endCharge(db: DbOrTx, id: string, status: 'cancelled' | 'skipped', reason: { code: string; message: string }, now: Date): Promise<boolean> {
  const ended = await db
    .update(renewalCharges)
    .set({ status, lastErrorCode: reason.code, lastErrorMessage: reason.message, updatedAt: now })
    .where(and(eq(renewalCharges.id, id), eq(renewalCharges.status, 'charging')))
    .returning({ id: renewalCharges.id });
  return ended.length === 1;
}

/** The provider did not answer: the charge is due again at the next pass, under the same key, so no attempt is counted. */
export async function releaseAfterOutage(db: DbOrTx, id: string, message: string, now: Date): Promise<void> {
  await db
    .update(renewalCharges)
    .set({ status: 'scheduled', nextAttemptAt: new Date(now.getTime() + OUTAGE_PAUSE_MS), lastErrorCode: 'provider_unavailable', lastErrorMessage: message, updatedAt: now })
    .where(and(eq(renewalCharges.id, id), eq(renewalCharges.status, 'charging')));
}

/** The provider charged the card: by an attempt of a pass (`attempted`), or as the customer confirmed an earlier one. */
export async function markChargeSucceeded(db: DbOrTx, id: string, paymentIntentId: string, now: Date, { attempted = false } = {}): Promise<void> {
  await db
    .update(renewalCharges)
    .set({
      status: 'succeeded',
      paymentIntentId,
      ...(attempted ? { attempts: sql`${renewalCharges.attempts} + 1` } : {}),
      lastErrorCode: null,
      lastErrorMessage: null,
      updatedAt: now,
    })
    .where(and(eq(renewalCharges.id, id), inArray(renewalCharges.status, ['charging', 'requires_action', 'scheduled', 'failed'])));
}

/**
 * The card was declined: counted as an attempt, and due again after the retry schedule from
 * the first decline, or failed when none is left. Says whether this call recorded it (the
 * charge was still held), whether it is final, and when the next attempt is.
 */
export async function recordDecline(
  db: DbOrTx,
  charge: RenewalChargeRow,
  reason: { code: string; message: string },
  now: Date,
): Promise<{ recorded: boolean; final: boolean; nextAttemptAt: Date | null }> {
  const firstDeclinedAt = charge.firstDeclinedAt ?? now;
  const declines = charge.firstDeclinedAt ? charge.attempts + 1 : 1;
  const next = nextAttemptAfterDecline(firstDeclinedAt, declines);
  const updated = await db
    .update(renewalCharges)
    .set({
      status: next ? 'scheduled' : 'failed',
      attempts: charge.attempts + 1,
      firstDeclinedAt,
      nextAttemptAt: next ?? now,
      lastErrorCode: reason.code,
      lastErrorMessage: reason.message,
      updatedAt: now,
    })
    .where(and(eq(renewalCharges.id, charge.id), eq(renewalCharges.status, 'charging')))
    .returning({ id: renewalCharges.id });
  return { recorded: updated.length === 1, final: next === null, nextAttemptAt: next };
}

/** The bank asks the customer to confirm on-session (3-D Secure): no more off-session attempts for this period. */
export async function markRequiresAction(db: DbOrTx, charge: RenewalChargeRow, intent: { id: string; clientSecret: string }, now: Date): Promise<boolean> {
  const marked = await db
    .update(renewalCharges)
    .set({
      status: 'requires_action',
      attempts: charge.attempts + 1,
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      lastErrorCode: 'authentication_required',
      lastErrorMessage: 'The bank asks the customer to confirm the payment.',
      updatedAt: now,
    })
    .where(and(eq(renewalCharges.id, charge.id), eq(renewalCharges.status, 'charging')))
    .returning({ id: renewalCharges.id });
  return marked.length === 1;
}

/**
 * Charges waiting for the customer whose renewal order got paid meanwhile (Stripe's webhook
 * after the customer confirmed): they succeeded. Returns how many.
 */
export async function settlePaidConfirmations(db: DbOrTx, now: Date): Promise<number> {
  const settled = await db
    .update(renewalCharges)
    .set({ status: 'succeeded', lastErrorCode: null, lastErrorMessage: null, updatedAt: now })
    .where(
      and(
        eq(renewalCharges.status, 'requires_action'),
        exists(db.select({ one: sql`1` }).from(orders).where(and(eq(orders.id, renewalCharges.orderId), eq(orders.paymentStatus, 'completed')))),
      ),
    )
    .returning({ id: renewalCharges.id });
  return settled.length;
}

/** An admin's retry: the charge is due now. The charge as it was and is, or null when it cannot be retried. */
export async function rescheduleNow(db: DbOrTx, id: string, now: Date): Promise<{ before: RenewalChargeRow; after: RenewalChargeRow } | null> {
  const before = await findCharge(db, id);
  if (!before || !RETRYABLE.includes(before.status)) return null;
  const [after] = await db
    .update(renewalCharges)
    .set({ status: 'scheduled', nextAttemptAt: now, dismissedAt: null, updatedAt: now })
    .where(and(eq(renewalCharges.id, id), eq(renewalCharges.status, before.status)))
    .returning();
  return after ? { before, after } : null;
}

/** Auto-renew turned off: every open charge of the subscription ends. Returns the ids ended. */
export async function cancelOpenCharges(db: DbOrTx, subscriptionId: string, now: Date): Promise<string[]> {
  const cancelled = await db
    .update(renewalCharges)
    .set({ status: 'cancelled', lastErrorCode: 'auto_renew_off', lastErrorMessage: 'Automatic renewal was turned off.', updatedAt: now })
    .where(and(eq(renewalCharges.subscriptionId, subscriptionId), inArray(renewalCharges.status, OPEN)))
    .returning({ id: renewalCharges.id });
  return cancelled.map((row) => row.id);
}

/**
 * An admin's dismissal of a charge that renewed nothing (decision 0077): it leaves the Renewals
 * section's list of failures. Its status and its updatedAt, when it failed, stay as they were.
 * Null when it is dismissed already or is no failure.
 */
export async function dismissCharge(db: DbOrTx, id: string, now: Date): Promise<RenewalChargeRow | null> {
  const [dismissed] = await db
    .update(renewalCharges)
    .set({ dismissedAt: now })
    .where(and(eq(renewalCharges.id, id), inArray(renewalCharges.status, [...RENEWAL_CHARGES_NEEDING_A_LOOK]), isNull(renewalCharges.dismissedAt)))
    .returning();
  return dismissed ?? null;
}
