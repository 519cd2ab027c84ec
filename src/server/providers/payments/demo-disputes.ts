import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/connect';
import { demoDisputes, demoPaymentIntents } from './schema';
import type { CardPaymentEvent, DisputeEvidenceSubmission, ProviderDispute } from './card-payment-provider';

/** Stripe's dispute fee, which the demo charges too: $15.00 (decision 0100). */
export const DEMO_DISPUTE_FEE_CENTS = 1500;
/** Banks give about three weeks to answer; the demo says 21 days. */
const EVIDENCE_DAYS = 21;
const OPEN = ['needs_response', 'under_review'];

type DisputeRow = typeof demoDisputes.$inferSelect;

/** What a tester's dispute call did: the event the demo network tells the store, or why there is none. */
export type DemoDisputeResult = { outcome: 'event'; event: Extract<CardPaymentEvent, { type: 'dispute' | 'early_fraud_warning' }> } | { outcome: 'not_found' } | { outcome: 'not_paid' } | { outcome: 'no_dispute' };

const eventId = () => `evt_demo_${randomBytes(10).toString('hex')}`;

const toDispute = (row: DisputeRow): ProviderDispute => ({
  id: row.id,
  paymentIntentId: row.paymentIntentId,
  amount: row.amount,
  currency: row.currency,
  fee: row.fee,
  reason: row.reason,
  status: row.status,
  dueBy: row.dueBy,
});

/**
 * The demo card network's disputes and early fraud warnings (decision 0100): what a bank
 * does to a paid demo intent, told to the store as Stripe's webhook events would be. As at
 * Stripe, a payment has at most one dispute; opening it again reports it as it stands.
 */
export function createDemoDisputes(db: Db) {
  async function paidIntent(paymentIntentId: string) {
    const [intent] = await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, paymentIntentId));
    return intent ?? null;
  }

  return {
    /** The bank opens a dispute of the whole payment; the funds and the fee are withdrawn with it, as Stripe does. */
    openDispute: async (paymentIntentId: string, reason: string): Promise<DemoDisputeResult> => {
      const intent = await paidIntent(paymentIntentId);
      if (!intent) return { outcome: 'not_found' };
      if (intent.status !== 'succeeded') return { outcome: 'not_paid' };
      const [created] = await db
        .insert(demoDisputes)
        .values({
          id: `dp_${intent.id}`,
          paymentIntentId: intent.id,
          status: 'needs_response',
          reason,
          amount: intent.amount,
          currency: intent.currency,
          fee: DEMO_DISPUTE_FEE_CENTS,
          dueBy: sql`now() + make_interval(days => ${EVIDENCE_DAYS})`,
        })
        .onConflictDoNothing({ target: demoDisputes.paymentIntentId })
        .returning();
      const row = created ?? (await db.select().from(demoDisputes).where(eq(demoDisputes.paymentIntentId, intent.id)))[0]!;
      return { outcome: 'event', event: { id: eventId(), type: 'dispute', change: created ? 'created' : 'updated', dispute: toDispute(row) } };
    },

    /** The bank decides: won or lost. A dispute already closed is reported as it was decided. */
    closeDispute: async (paymentIntentId: string, outcome: 'won' | 'lost'): Promise<DemoDisputeResult> => {
      const [closed] = await db
        .update(demoDisputes)
        .set({ status: outcome, updatedAt: sql`now()` })
        .where(and(eq(demoDisputes.paymentIntentId, paymentIntentId), inArray(demoDisputes.status, OPEN)))
        .returning();
      const row = closed ?? (await db.select().from(demoDisputes).where(eq(demoDisputes.paymentIntentId, paymentIntentId)))[0];
      if (!row) return (await paidIntent(paymentIntentId)) ? { outcome: 'no_dispute' } : { outcome: 'not_found' };
      return { outcome: 'event', event: { id: eventId(), type: 'dispute', change: 'closed', dispute: toDispute(row) } };
    },

    /** The issuer's early fraud warning on a paid intent. */
    earlyFraudWarning: async (paymentIntentId: string): Promise<DemoDisputeResult> => {
      const intent = await paidIntent(paymentIntentId);
      if (!intent) return { outcome: 'not_found' };
      if (intent.status !== 'succeeded' && intent.status !== 'refunded') return { outcome: 'not_paid' };
      return { outcome: 'event', event: { id: eventId(), type: 'early_fraud_warning', warning: { id: `issfr_${intent.id}`, paymentIntentId: intent.id, fraudType: 'unauthorized_use_of_card' } } };
    },

    /** Keeps the evidence and puts the dispute under review, as Stripe's disputes.update with submit: true. */
    submitDisputeEvidence: async (disputeId: string, evidence: DisputeEvidenceSubmission): Promise<void> => {
      const [row] = await db
        .update(demoDisputes)
        .set({ evidence, status: 'under_review', submittedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(demoDisputes.id, disputeId), inArray(demoDisputes.status, OPEN)))
        .returning({ id: demoDisputes.id });
      if (!row) throw new Error(`Demo dispute ${disputeId} is not open for evidence`);
    },
  };
}

export type DemoDisputes = ReturnType<typeof createDemoDisputes>;
