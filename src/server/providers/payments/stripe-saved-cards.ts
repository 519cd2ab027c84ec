import Stripe from 'stripe';
import { wireCurrency, type CardPaymentProvider, type OffSessionResult, type ProviderSavedCard, type SetupIntentState } from './card-payment-provider';
import { toState } from './stripe-intent-state';

/**
 * Saved cards at Stripe (decision 0044): the buyer's Customer, the card a payment or a
 * SetupIntent kept for it, and charges of that card with the customer absent.
 */

type SavedCardCalls = Pick<CardPaymentProvider, 'chargeOffSession' | 'createCustomer' | 'savedCardOf' | 'createSetupIntent' | 'retrieveSetupIntent'>;

const idOf = (ref: string | { id: string } | null | undefined): string | null => (ref == null ? null : typeof ref === 'string' ? ref : ref.id);

/** The object the call retrieves, or null when Stripe has no such object. */
async function unlessMissing<T>(retrieve: () => Promise<T>): Promise<T | null> {
  try {
    return await retrieve();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    throw error;
  }
}

export function stripeSavedCards(stripe: Stripe): SavedCardCalls {
  /** The card of a payment method kept for `customerRef`; null when it is not a card of that customer. */
  async function cardOf(paymentMethodId: string, customerRef: string): Promise<ProviderSavedCard | null> {
    const method = await stripe.paymentMethods.retrieve(paymentMethodId);
    if (!method.card || idOf(method.customer) !== customerRef) return null;
    const { brand, last4, exp_month: expMonth, exp_year: expYear, fingerprint } = method.card;
    return { customerRef, paymentMethodRef: method.id, brand, last4, expMonth, expYear, fingerprint: fingerprint ?? null };
  }

  return {
    async createCustomer({ email, name, idempotencyKey }) {
      const customer = await stripe.customers.create({ email, name }, { idempotencyKey });
      return customer.id;
    },

    async savedCardOf(paymentIntentId) {
      const intent = await unlessMissing(() => stripe.paymentIntents.retrieve(paymentIntentId));
      if (!intent) return null;
      const customerRef = idOf(intent.customer);
      const methodRef = idOf(intent.payment_method);
      if (intent.status !== 'succeeded' || intent.setup_future_usage !== 'off_session' || !customerRef || !methodRef) return null;
      return cardOf(methodRef, customerRef);
    },

    async createSetupIntent({ customerRef, idempotencyKey }) {
      const intent = await stripe.setupIntents.create({ customer: customerRef, usage: 'off_session', automatic_payment_methods: { enabled: true } }, { idempotencyKey });
      if (!intent.client_secret) throw new Error(`Stripe returned SetupIntent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrieveSetupIntent(id): Promise<SetupIntentState | null> {
      const intent = await unlessMissing(() => stripe.setupIntents.retrieve(id));
      if (!intent) return null;
      const customerRef = idOf(intent.customer);
      const methodRef = idOf(intent.payment_method);
      const card = intent.status === 'succeeded' && customerRef && methodRef ? await cardOf(methodRef, customerRef) : null;
      return { id: intent.id, status: intent.status, customerRef, card };
    },

    async chargeOffSession({ orderId, amountCents, currency, customerRef, paymentMethodRef, idempotencyKey }): Promise<OffSessionResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          { amount: amountCents, currency: wireCurrency(currency), customer: customerRef, payment_method: paymentMethodRef, off_session: true, confirm: true, metadata: { orderId } },
          { idempotencyKey },
        );
        if (intent.status === 'succeeded') return { outcome: 'succeeded', intent: toState(intent) };
        if (intent.status === 'requires_action' && intent.client_secret) {
          return { outcome: 'authentication_required', intent: toState(intent), clientSecret: intent.client_secret };
        }
        const error = intent.last_payment_error;
        return { outcome: 'declined', intent: toState(intent), code: error?.decline_code || error?.code || 'card_declined', message: error?.message ?? 'Your card was declined.' };
      } catch (error) {
        // A card's refusal is an answer; anything else (Stripe down, a timeout) is thrown, and the caller retries with the same key.
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        const raw = error.payment_intent;
        const intent = raw ? toState(raw) : null;
        if (error.code === 'authentication_required' && raw?.client_secret && intent) {
          return { outcome: 'authentication_required', intent, clientSecret: raw.client_secret };
        }
        return { outcome: 'declined', intent, code: error.decline_code || error.code || 'card_declined', message: error.message };
      }
    },
  };
}
