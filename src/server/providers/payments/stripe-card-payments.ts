import Stripe from 'stripe';
import {
  DISPUTE_EVENT_KINDS,
  InvalidWebhookError,
  wireCurrency,
  type CardPaymentEvent,
  type CardPaymentProvider,
  type CardRefund,
  type DisputeEvidenceSubmission,
  type NewPaymentIntent,
  type ProviderDispute,
} from './card-payment-provider';
import { stripeSavedCards } from './stripe-saved-cards';
import { toState } from './stripe-intent-state';

export interface StripeCardPayments extends CardPaymentProvider {
  readonly kind: 'stripe';
}

/**
 * Each call to Stripe gives up after this long and is retried once (decision 0016), so a
 * customer whose checkout meets a hanging Stripe gets an answer within about 20 seconds.
 */
export const STRIPE_REQUEST_TIMEOUT_MS = 10_000;
const STRIPE_NETWORK_RETRIES = 1;

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_REQUEST_TIMEOUT_MS unless given (tests wait less). */
  timeoutMs?: number;
  /** Where the API lives; tests point the SDK at a local stand-in. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export function createStripeCardPayments({ secretKey, webhookSecret, api, timeoutMs = STRIPE_REQUEST_TIMEOUT_MS }: StripeOptions): StripeCardPayments {
  // Retried calls are safe: a PaymentIntent is created, and a refund made, under an idempotency key.
  const stripe = new Stripe(secretKey, { maxNetworkRetries: STRIPE_NETWORK_RETRIES, timeout: timeoutMs, ...api });

  return {
    kind: 'stripe',

    async createIntent({ orderId, amountCents, currency, idempotencyKey, saveCardFor, buyer }) {
      // A card to be charged at renewals is kept for the customer by the payment itself (decision 0044).
      const keepCard = saveCardFor ? { customer: saveCardFor, setup_future_usage: 'off_session' as const } : {};
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency: wireCurrency(currency), metadata: { orderId, ...radarMetadata(buyer) }, automatic_payment_methods: { enabled: true }, ...keepCard, ...(buyer ? { receipt_email: buyer.email } : {}) },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrieve(id) {
      try {
        return toState(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    parseWebhook(raw, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') throw new InvalidWebhookError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature, webhookSecret);
      } catch {
        throw new InvalidWebhookError('Invalid Stripe signature');
      }
      return toEvent(event);
    },

    async refund(paymentIntentId, { amountCents, idempotencyKey }) {
      try {
        return toRefund(await stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountCents }, { idempotencyKey }));
      } catch (error) {
        // Refunded already, from the Stripe dashboard say: the money is back, report that refund.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== 'charge_already_refunded') throw error;
        const { data } = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 1 });
        if (!data[0]) throw error;
        return toRefund(data[0]);
      }
    },

    async submitDisputeEvidence(disputeId, evidence) {
      await stripe.disputes.update(disputeId, { evidence: toStripeEvidence(evidence), submit: true }, { idempotencyKey: `dispute-evidence-${disputeId}` });
    },

    ...stripeSavedCards(stripe),
  };
}

/**
 * The buyer's address and browser for Radar (decision 0100): PaymentIntent create takes them
 * only inside mandate_data, which card payments confirmed by Stripe.js do not use, so they go
 * as metadata, which Radar rules read (`::buyer_ip_address::`); the email goes as receipt_email.
 */
function radarMetadata(buyer: NewPaymentIntent['buyer']): Record<string, string> {
  if (!buyer) return {};
  return {
    ...(buyer.ipAddress ? { buyer_ip_address: buyer.ipAddress } : {}),
    // Stripe's metadata values hold at most 500 characters.
    ...(buyer.userAgent ? { buyer_user_agent: buyer.userAgent.slice(0, 500) } : {}),
    buyer_email: buyer.email,
  };
}

function toStripeEvidence(evidence: DisputeEvidenceSubmission): Stripe.DisputeUpdateParams.Evidence {
  const prior = evidence.priorUndisputedCharges.map((payment) => ({
    charge: payment.chargeId,
    customer_email_address: payment.customerEmailAddress,
    ...(payment.customerPurchaseIp ? { customer_purchase_ip: payment.customerPurchaseIp } : {}),
  }));
  return {
    customer_email_address: evidence.customerEmailAddress,
    customer_name: evidence.customerName,
    ...(evidence.customerPurchaseIp ? { customer_purchase_ip: evidence.customerPurchaseIp } : {}),
    access_activity_log: evidence.accessActivityLog,
    ...(evidence.refundPolicy ? { refund_policy: evidence.refundPolicy } : {}),
    refund_policy_disclosure: evidence.refundPolicyDisclosure,
    service_date: evidence.serviceDate,
    product_description: evidence.productDescription,
    uncategorized_text: evidence.uncategorizedText,
    // Visa's Compelling Evidence 3.0 asks for two or more; fewer are no use to it.
    ...(prior.length >= 2
      ? {
          enhanced_evidence: {
            visa_compelling_evidence_3: {
              disputed_transaction: {
                customer_email_address: evidence.customerEmailAddress,
                ...(evidence.customerPurchaseIp ? { customer_purchase_ip: evidence.customerPurchaseIp } : {}),
                merchandise_or_services: 'services',
              },
              prior_undisputed_transactions: prior,
            },
          },
        }
      : {}),
  };
}

function toDispute(dispute: Stripe.Dispute): ProviderDispute {
  const intent = dispute.payment_intent;
  return {
    id: dispute.id,
    paymentIntentId: (typeof intent === 'string' ? intent : intent?.id) ?? null,
    amount: dispute.amount,
    currency: dispute.currency,
    // The dispute's withdrawals (and a win's reinstatement) each carry their fee.
    fee: (dispute.balance_transactions ?? []).reduce((sum, transaction) => sum + Math.max(0, transaction.fee), 0),
    reason: dispute.reason,
    status: dispute.status,
    dueBy: dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000) : null,
  };
}

const DISPUTE_EVENT = /^charge\.dispute\.(.+)$/;
const isDisputeChange = (change: string): change is (typeof DISPUTE_EVENT_KINDS)[number] => (DISPUTE_EVENT_KINDS as readonly string[]).includes(change);

function toEvent(event: Stripe.Event): CardPaymentEvent {
  if (event.type === 'payment_intent.succeeded') return { id: event.id, type: 'payment_succeeded', intent: toState(event.data.object) };
  if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    return { id: event.id, type: 'payment_failed', intent: toState(intent), failureMessage: intent.last_payment_error?.message ?? 'The payment failed' };
  }
  const change = DISPUTE_EVENT.exec(event.type)?.[1];
  if (change && isDisputeChange(change)) return { id: event.id, type: 'dispute', change, dispute: toDispute(event.data.object as Stripe.Dispute) };
  if (event.type === 'radar.early_fraud_warning.created') {
    const warning = event.data.object;
    const intent = warning.payment_intent;
    return { id: event.id, type: 'early_fraud_warning', warning: { id: warning.id, paymentIntentId: (typeof intent === 'string' ? intent : intent?.id) ?? null, fraudType: warning.fraud_type } };
  }
  return { id: event.id, type: 'other' };
}

const toRefund = (refund: Stripe.Refund): CardRefund => ({ id: refund.id, amount: refund.amount, status: refund.status ?? 'pending' });
