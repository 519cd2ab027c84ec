import { z } from 'zod';
import { paragraphText, requiredText } from './fields';
import { acceptedPolicySchema } from './policies';

/**
 * A card dispute as the admin's order detail shows it (decision 0100): the bank's reason and
 * amount, when evidence is due, the evidence the store assembled when the dispute opened,
 * and when it was submitted.
 */

/** One device's use of its line, as the panel gave it when the dispute opened. */
export const lineUsageSchema = z.object({
  deviceNumber: z.number().int(),
  username: z.string(),
  /** False when the panel did not answer: the other fields are then unknown. */
  available: z.boolean(),
  activeConnections: z.number().int().nullable(),
  lastSeenAt: z.string().nullable(),
  /** Where the panel says the streams come from; empty when it does not say. */
  addresses: z.array(z.string()),
});

/** An earlier undisputed payment by the same card and customer, 120-365 days before the dispute (Visa's Compelling Evidence 3.0). */
export const priorPaymentSchema = z.object({
  orderId: z.string(),
  paidAt: z.string(),
  amount: z.string(),
  currency: z.string(),
  ipAddress: z.string().nullable(),
  /** The provider's charge, which Visa's Compelling Evidence 3.0 cites. */
  chargeId: z.string().nullable(),
});

export type LineUsage = z.infer<typeof lineUsageSchema>;
export type PriorPayment = z.infer<typeof priorPaymentSchema>;

export const disputeEvidenceSchema = z.object({
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** When the buyer placed the order at the checkout. */
  checkoutAt: z.string(),
  policiesAccepted: z.array(acceptedPolicySchema),
  /** When the email with the line's credentials was written; null when none was. */
  credentialsEmailSentAt: z.string().nullable(),
  lineUsage: z.array(lineUsageSchema),
  priorPayments: z.array(priorPaymentSchema),
  accountHistory: z.object({
    hasAccount: z.boolean(),
    accountCreatedAt: z.string().nullable(),
    /** Every order of the customer's address, and how many of them were paid and kept. */
    orders: z.number().int(),
    paidOrders: z.number().int(),
    firstOrderAt: z.string().nullable(),
  }),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

export const adminDisputeSchema = z.object({
  id: z.string(),
  /** The provider's: needs_response, under_review, won, lost, warning_... */
  status: z.string(),
  reason: z.string(),
  /** The disputed amount, '15.99', in `currency`. */
  amount: z.string(),
  currency: z.string(),
  /** The provider's dispute fee, once it withdrew the funds. */
  fee: z.string(),
  dueBy: z.string().nullable(),
  evidence: disputeEvidenceSchema.nullable(),
  note: z.string().nullable(),
  submittedAt: z.string().nullable(),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

/** POST /api/admin/orders/:orderId/dispute/submit. */
export const disputeSubmitRequestSchema = z.strictObject({
  note: paragraphText('Note', 2000).optional(),
});

export const disputeSubmitResponseSchema = z.object({ orderId: z.string(), submittedAt: z.string(), message: z.string() });
export type DisputeSubmitResponse = z.infer<typeof disputeSubmitResponseSchema>;

export const DISPUTE_NOT_FOUND = 'This order has no dispute';
export const DISPUTE_NOT_OPEN = 'This dispute is closed: evidence can no longer be submitted';
export const DISPUTE_ALREADY_SUBMITTED = 'The evidence for this dispute was already submitted';
export const disputeSubmitted = (orderId: string) => `Evidence for ${orderId} submitted`;

/** The demo bank's calls (decision 0100): POST /api/demo/payment-intents/:id/dispute and .../dispute/close. */
export const demoDisputeRequestSchema = z.strictObject({ reason: requiredText('Reason', 60).optional() });
export const demoDisputeCloseRequestSchema = z.strictObject({ outcome: z.enum(['won', 'lost'], { error: "outcome must be 'won' or 'lost'" }) });
export const demoBankResponseSchema = z.object({ received: z.literal(true) });

/** The dispute rate's thresholds over 30 days (disputes / card payments): amber from 0.5%, red from 0.75% (decision 0100). */
export const DISPUTE_RATE_AMBER = 0.005;
export const DISPUTE_RATE_RED = 0.0075;
export const disputeRateSchema = z.object({
  disputes: z.number().int(),
  cardPayments: z.number().int(),
  /** disputes / card payments; 0 with no card payments. */
  rate: z.number(),
  level: z.enum(['ok', 'amber', 'red']),
});
export type DisputeRate = z.infer<typeof disputeRateSchema>;

export function disputeRateLevel(rate: number): DisputeRate['level'] {
  if (rate >= DISPUTE_RATE_RED) return 'red';
  if (rate >= DISPUTE_RATE_AMBER) return 'amber';
  return 'ok';
}
