import Stripe from 'stripe';
import type { CardPaymentProvider, PaymentIntentState } from './card-payment-provider';

export interface StripeCardPayments extends CardPaymentProvider {
  readonly kind: 'stripe';
  /** Checks the Stripe-Signature header against the raw body; throws when it is bad or stale. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
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
  // Retried calls are safe: a PaymentIntent is created under the order's idempotency key.
  const stripe = new Stripe(secretKey, { maxNetworkRetries: STRIPE_NETWORK_RETRIES, timeout: timeoutMs, ...api });

  return {
    kind: 'stripe',

    async createPaymentIntent({ orderId, amountCents, currency, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency, metadata: { orderId }, automatic_payment_methods: { enabled: true } },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrievePaymentIntent(id) {
      try {
        return toState(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    verifyWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
    },
  };
}

export function toState(intent: Stripe.PaymentIntent): PaymentIntentState {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { orderId: intent.metadata?.orderId ?? null },
  };
}
