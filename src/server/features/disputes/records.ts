import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { DisputeEvidence } from '#contract/disputes';
import type { DbOrTx } from '#server/db/connect';
import type { EarlyFraudWarning, ProviderDispute } from '#server/providers/payments/index';
import { disputes, earlyFraudWarnings } from './schema';

/**
 * Every write to disputes and early_fraud_warnings (decision 0100). The provider's events
 * arrive in any order and more than once: a dispute is recorded as the latest event states
 * it, except that a closed dispute keeps its outcome, so a late 'created' never reopens it.
 */

export type DisputeRow = typeof disputes.$inferSelect;
type Provider = DisputeRow['provider'];

/** The provider's statuses of a dispute that is over. */
const CLOSED_STATUSES = ['won', 'lost', 'warning_closed'];
export const isClosedDispute = (status: string) => CLOSED_STATUSES.includes(status);

/** What the provider's event changed: the row before (null when new) and after. */
export interface RecordedDispute {
  before: DisputeRow | null;
  after: DisputeRow;
}

export async function recordDispute(tx: DbOrTx, provider: Provider, orderId: string, dispute: ProviderDispute): Promise<RecordedDispute> {
  const [before] = await tx.select().from(disputes).where(eq(disputes.id, dispute.id)).for('update');
  if (!before) {
    const closed = isClosedDispute(dispute.status);
    const [inserted] = await tx
      .insert(disputes)
      .values({
        id: dispute.id,
        provider,
        orderId,
        paymentIntentId: dispute.paymentIntentId!,
        status: dispute.status,
        reason: dispute.reason,
        amount: dispute.amount,
        currency: dispute.currency,
        fee: dispute.fee,
        dueBy: dispute.dueBy,
        closedAt: closed ? sql`now()` : null,
      })
      .onConflictDoNothing({ target: disputes.id })
      .returning();
    // Another delivery inserted it meanwhile: its row, locked, is the one to change.
    if (!inserted) return recordDispute(tx, provider, orderId, dispute);
    return { before: null, after: inserted };
  }
  const keepOutcome = isClosedDispute(before.status);
  const [after] = await tx
    .update(disputes)
    .set({
      status: keepOutcome ? before.status : dispute.status,
      reason: dispute.reason,
      amount: dispute.amount,
      // funds_withdrawn states the fee; a later event without its balance transactions does not take it away.
      fee: Math.max(before.fee, dispute.fee),
      dueBy: dispute.dueBy ?? before.dueBy,
      closedAt: before.closedAt ?? (isClosedDispute(dispute.status) ? sql`now()` : null),
      updatedAt: sql`now()`,
    })
    .where(eq(disputes.id, dispute.id))
    .returning();
  return { before, after: after! };
}

/** Keeps the evidence assembled when the dispute opened; the first assembly stays. */
export async function keepDisputeEvidence(db: DbOrTx, disputeId: string, evidence: DisputeEvidence): Promise<void> {
  await db.update(disputes).set({ evidence, updatedAt: sql`now()` }).where(and(eq(disputes.id, disputeId), isNull(disputes.evidence)));
}

/** The order's latest dispute; null when it has none. */
export async function disputeOfOrder(db: DbOrTx, orderId: string): Promise<DisputeRow | null> {
  const [row] = await db.select().from(disputes).where(eq(disputes.orderId, orderId)).orderBy(desc(disputes.createdAt)).limit(1);
  return row ?? null;
}

/** Which of these orders ever had a dispute: their payments are not "undisputed" evidence. */
export async function ordersEverDisputed(db: DbOrTx, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db.selectDistinct({ orderId: disputes.orderId }).from(disputes).where(inArray(disputes.orderId, orderIds));
  return new Set(rows.map((row) => row.orderId));
}

/**
 * Claims the submission of an open dispute's evidence, once: the row with the note and the
 * admin, or null when it is closed or was submitted already. `release` undoes a claim whose
 * provider call failed, so that the owner may try again.
 */
export async function claimEvidenceSubmission(tx: DbOrTx, disputeId: string, note: string | null, adminId: string): Promise<DisputeRow | null> {
  const [row] = await tx
    .update(disputes)
    .set({ note, submittedAt: sql`now()`, submittedBy: adminId, updatedAt: sql`now()` })
    .where(and(eq(disputes.id, disputeId), isNull(disputes.submittedAt), notInArray(disputes.status, CLOSED_STATUSES)))
    .returning();
  return row ?? null;
}

export async function releaseEvidenceSubmission(db: DbOrTx, disputeId: string): Promise<void> {
  await db.update(disputes).set({ submittedAt: null, submittedBy: null, updatedAt: sql`now()` }).where(eq(disputes.id, disputeId));
}

/** The claim that the store acts on an early fraud warning once; false when it already did. */
export async function claimEarlyFraudWarning(
  tx: DbOrTx,
  values: { provider: Provider; orderId: string; warning: EarlyFraudWarning & { paymentIntentId: string }; outcome: string },
): Promise<boolean> {
  const claimed = await tx
    .insert(earlyFraudWarnings)
    .values({ id: values.warning.id, provider: values.provider, orderId: values.orderId, paymentIntentId: values.warning.paymentIntentId, fraudType: values.warning.fraudType, outcome: values.outcome })
    .onConflictDoNothing({ target: earlyFraudWarnings.id })
    .returning({ id: earlyFraudWarnings.id });
  return claimed.length === 1;
}
