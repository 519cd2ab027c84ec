import Stripe from 'stripe';
import { InvalidWebhookError, type CardPaymentEvent, type CardPaymentProvider, type CardRefund } from './card-payment-provider';
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

    async createIntent({ orderId, amountCents, currency, idempotencyKey, saveCardFor }) {
      // A card to be charged at renewals is kept for the customer by the payment itself (decision 0044).
      const keepCard = saveCardFor ? { customer: saveCardFor, setup_future_usage: 'off_session' as const } : {};
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency, metadata: { orderId }, automatic_payment_methods: { enabled: true }, ...keepCard },
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

    ...stripeSavedCards(stripe),
  };
}

function toEvent(event: Stripe.Event): CardPaymentEvent {
  if (event.type === 'payment_intent.succeeded') return { id: event.id, type: 'payment_succeeded', intent: toState(event.data.object) };
  if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    return { id: event.id, type: 'payment_failed', intent: toState(intent), failureMessage: intent.last_payment_error?.message ?? 'The payment failed' };
  }
  return { id: event.id, type: 'other' };
}

const toRefund = (refund: Stripe.Refund): CardRefund => ({ id: refund.id, amount: refund.amount, status: refund.status ?? 'pending' });
