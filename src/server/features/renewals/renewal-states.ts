import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { SubscriptionRenewal } from '#contract/subscriptions';
import { declineInPlainWords } from '#domain/decline-reasons';
import type { DbOrTx } from '#server/db/connect';
import { subscriptionsForReading as subscriptions } from '#server/features/subscriptions/index';
import { renewalCharges } from './schema';

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
