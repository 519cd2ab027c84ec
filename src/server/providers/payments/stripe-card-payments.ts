import Stripe from 'stripe';
import type { CardPaymentProvider, PaymentIntentState } from './card-payment-provider';

export interface StripeCardPayments extends CardPaymentProvider {
  readonly kind: 'stripe';
  /** Checks the Stripe-Signature header against the raw body; throws when it is bad or stale. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
}

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the API lives; tests point the SDK at a local stand-in. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export function createStripeCardPayments({ secretKey, webhookSecret, api }: StripeOptions): StripeCardPayments {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...api });

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
