import { and, eq, gt, inArray, isNotNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { SubscriptionRenewal } from '#contract/subscriptions';
import { declineInPlainWords } from '#domain/decline-reasons';
import type { DbOrTx } from '#server/db/connect';
import { subscriptionsForReading as subscriptions } from '#server/features/subscriptions/index';
import { CLAIM_LEASE_MS, CLAIMABLE, RENEWAL_BATCH, type RenewalChargeRow } from './charges';
import { renewalCharges } from './schema';

/**
 * Where a renewal charge meets its subscription: the one file of the renewals feature that
 * reads the subscriptions table (read-only, decision 0032), for the facts a charge depends on
 * (its expiry, auto-renew switch, saved card and owner). Every write is of renewal_charges.
 */

/** A claimed charge with its subscription as it stands now. */
export interface ClaimedCharge {
  charge: RenewalChargeRow;
  subscription: {
    customerId: string;
    packageId: string;
    orderId: string;
    deviceCount: number;
    status: string;
    expirationDate: Date;
    autoRenew: boolean;
    savedCardId: string | null;
  };
}

/**
 * A charge row for each auto-renewing subscription with a saved card whose expiry falls in
 * (now, horizon] and has none for that expiry yet: one indexed read of the few due, one
 * insert that a concurrent pass's rows leave alone. Returns how many were added.
 */
export async function scheduleDueCharges(db: DbOrTx, now: Date, horizon: Date): Promise<number> {
  const due = await db
    .select({ subscriptionId: subscriptions.id, periodEnd: subscriptions.expirationDate })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.autoRenew, true),
        isNotNull(subscriptions.savedCardId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.expirationDate, now),
        lte(subscriptions.expirationDate, horizon),
        notExists(
          db
            .select({ one: sql`1` })
            .from(renewalCharges)
            .where(and(eq(renewalCharges.subscriptionId, subscriptions.id), eq(renewalCharges.periodEnd, subscriptions.expirationDate))),
        ),
      ),
    )
    .limit(RENEWAL_BATCH);
  if (due.length === 0) return 0;
  const added = await db
    .insert(renewalCharges)
    .values(due.map((row) => ({ ...row, status: 'scheduled' as const, nextAttemptAt: now, createdAt: now, updatedAt: now })))
    .onConflictDoNothing()
    .returning({ id: renewalCharges.id });
  return added.length;
}

const subscriptionFields = {
  customerId: subscriptions.customerId,
  packageId: subscriptions.packageId,
  orderId: subscriptions.orderId,
  deviceCount: subscriptions.deviceCount,
  status: subscriptions.status,
  expirationDate: subscriptions.expirationDate,
  autoRenew: subscriptions.autoRenew,
  savedCardId: subscriptions.savedCardId,
};

/**
 * Claims one charge for this instance: a conditional UPDATE that only one of any number of
 * concurrent claims passes (D9), holding it for CLAIM_LEASE_MS. Null when it is not due, or
 * someone else holds it.
 */
export async function claimCharge(db: DbOrTx, id: string, now: Date, heldFrom: Date = now): Promise<ClaimedCharge | null> {
  const [charge] = await db
    .update(renewalCharges)
    .set({ status: 'charging', nextAttemptAt: new Date(heldFrom.getTime() + CLAIM_LEASE_MS), updatedAt: now })
    .where(and(eq(renewalCharges.id, id), inArray(renewalCharges.status, CLAIMABLE), lte(renewalCharges.nextAttemptAt, now)))
    .returning();
  if (!charge) return null;
  const [subscription] = await db.select(subscriptionFields).from(subscriptions).where(eq(subscriptions.id, charge.subscriptionId));
  return subscription ? { charge, subscription } : null;
}

/** The charge with its subscription, for its confirmation page and the admin's actions. */
export async function chargeWithSubscription(db: DbOrTx, id: string): Promise<ClaimedCharge | null> {
  const [row] = await db
    .select({ charge: renewalCharges, subscription: subscriptionFields })
    .from(renewalCharges)
    .innerJoin(subscriptions, eq(subscriptions.id, renewalCharges.subscriptionId))
    .where(eq(renewalCharges.id, id));
  return row ?? null;
}


/**
 * Where the current period's automatic charge of each subscription stands, as the account
 * page says it (decision 0045): only the subscriptions whose charge was declined or waits for
 * 3-D Secure are in the map; the others' renewal is as their auto-renew switch says. A
 * charge of an earlier period (the expiry moved since) is not the current one.
 */
export async function renewalStatesOf(db: DbOrTx, subscriptionIds: string[]): Promise<Map<string, SubscriptionRenewal>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await db
    .select({
      subscriptionId: renewalCharges.subscriptionId,
      status: renewalCharges.status,
      nextAttemptAt: renewalCharges.nextAttemptAt,
      lastErrorCode: renewalCharges.lastErrorCode,
    })
    .from(renewalCharges)
    .innerJoin(subscriptions, and(eq(subscriptions.id, renewalCharges.subscriptionId), eq(subscriptions.expirationDate, renewalCharges.periodEnd)))
    .where(
      and(
        inArray(renewalCharges.subscriptionId, subscriptionIds),
        or(
          inArray(renewalCharges.status, ['failed', 'requires_action']),
          and(inArray(renewalCharges.status, ['scheduled', 'charging']), isNotNull(renewalCharges.firstDeclinedAt)),
        ),
      ),
    );
  return new Map(rows.map((row) => [row.subscriptionId, stateOf(row)]));
}

function stateOf(row: { status: string; nextAttemptAt: Date; lastErrorCode: string | null }): SubscriptionRenewal {
  const lastDeclineMessage = declineInPlainWords(row.lastErrorCode);
  if (row.status === 'failed') return { state: 'failed', nextAttemptAt: null, lastDeclineMessage };
  if (row.status === 'requires_action') return { state: 'needs_authentication', nextAttemptAt: null, lastDeclineMessage };
  return { state: 'retrying', nextAttemptAt: row.nextAttemptAt.toISOString(), lastDeclineMessage };
}
