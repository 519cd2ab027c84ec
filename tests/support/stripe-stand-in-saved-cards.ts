import { createHash, randomBytes } from 'node:crypto';
import type { StandInIntent } from './stripe-stand-in';

/**
 * The Stripe stand-in's saved cards (decision 0044): Customers, PaymentMethods kept for them,
 * SetupIntents, and PaymentIntents confirmed off session with a saved card, with the
 * behaviour of Stripe's test cards. Only the calls the store makes are here.
 */

export interface StandInPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string };
}

/** A card number's fingerprint as Stripe gives one: the same number, the same 16 characters, in every customer's payment method. */
export const standInCardFingerprint = (cardNumber: string) => createHash('sha256').update(cardNumber).digest('base64url').slice(0, 16);

export interface StandInSetupIntent {
  id: string;
  object: 'setup_intent';
  customer: string | null;
  usage: string;
  status: string;
  client_secret: string;
  payment_method: string | null;
  last_setup_error: { message: string; code: string } | null;
}

type Send = (status: number, json: unknown) => void;

/** Stripe's test cards, by the number a customer types. */
const TEST_CARDS: Record<string, { offSession: 'succeeds' | 'authentication_required' | 'insufficient_funds' | 'declined' }> = {
  '4242424242424242': { offSession: 'succeeds' },
  '4000002760003184': { offSession: 'authentication_required' },
  '4000000000009995': { offSession: 'insufficient_funds' },
  '4000000000000002': { offSession: 'declined' },
};

const missing = (kind: string, id: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: kind },
});

/** A new PaymentIntent as Stripe creates it from a form, waiting for a payment method. */
export function newStandInIntent(form: Record<string, string>, metadata: Record<string, string>): StandInIntent {
  const id = `pi_${randomBytes(12).toString('hex')}`;
  return {
    id,
    object: 'payment_intent',
    amount: Number(form.amount),
    currency: form.currency!,
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    metadata,
    last_payment_error: null,
    livemode: false,
    customer: form.customer ?? null,
    payment_method: null,
    setup_future_usage: form.setup_future_usage ?? null,
  };
}

export function standInSavedCards(intents: Map<string, StandInIntent>) {
  const customers = new Map<string, { id: string; object: 'customer'; email: string; name: string }>();
  const paymentMethods = new Map<string, StandInPaymentMethod>();
  const behaviourOf = new Map<string, string>();
  const setupIntents = new Map<string, StandInSetupIntent>();
  /** Responses by Idempotency-Key, replayed as Stripe replays them (errors too). */
  const replies = new Map<string, { status: number; json: unknown }>();

  function keepCard(customer: string | null, cardNumber: string): StandInPaymentMethod {
    const method: StandInPaymentMethod = {
      id: `pm_${randomBytes(12).toString('hex')}`,
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: 'visa', last4: cardNumber.slice(-4), exp_month: 12, exp_year: 2034, fingerprint: standInCardFingerprint(cardNumber) },
    };
    paymentMethods.set(method.id, method);
    behaviourOf.set(method.id, TEST_CARDS[cardNumber]?.offSession ?? 'succeeds');
    return method;
  }

  /** POST /v1/payment_intents with confirm and off_session: a saved card charged with its customer absent. */
  function chargeOffSession(form: Record<string, string>, metadata: Record<string, string>): { status: number; json: unknown } {
    const method = paymentMethods.get(form.payment_method ?? '');
    if (!method || method.customer !== form.customer) return { status: 404, json: missing('payment_method', form.payment_method ?? '') };
    const intent: StandInIntent = { ...newStandInIntent(form, metadata), status: 'succeeded', payment_method: method.id };
    intents.set(intent.id, intent);
    const behaviour = behaviourOf.get(method.id);
    if (behaviour === 'succeeds') return { status: 200, json: intent };
    if (behaviour === 'authentication_required') {
      intent.status = 'requires_action';
      const message = 'This payment requires authentication.';
      intent.last_payment_error = { message, code: 'authentication_required' };
      return { status: 402, json: { error: { type: 'card_error', code: 'authentication_required', message, payment_intent: intent } } };
    }
    intent.status = 'requires_payment_method';
    const [code, decline, message] =
      behaviour === 'insufficient_funds'
        ? ['card_declined', 'insufficient_funds', 'Your card has insufficient funds.']
        : ['card_declined', 'generic_decline', 'Your card was declined.'];
    intent.last_payment_error = { message, code };
    return { status: 402, json: { error: { type: 'card_error', code, decline_code: decline, message, payment_intent: intent } } };
  }

  return {
    customers,
    paymentMethods,
    setupIntents,

    /** Answers the request when it is one of these calls; false otherwise. */
    answer(method: string, path: string, form: Record<string, string>, key: string | undefined, metadata: Record<string, string>, send: Send): boolean {
      const replay = (make: () => { status: number; json: unknown }) => {
        const known = key ? replies.get(key) : undefined;
        const reply = known ?? make();
        if (key && !known) replies.set(key, reply);
        send(reply.status, reply.json);
        return true;
      };
      if (method === 'POST' && path === '/v1/payment_intents' && form.off_session === 'true' && form.confirm === 'true') {
        return replay(() => chargeOffSession(form, metadata));
      }
      if (method === 'POST' && path === '/v1/customers') {
        return replay(() => {
          const customer = { id: `cus_${randomBytes(8).toString('hex')}`, object: 'customer' as const, email: form.email ?? '', name: form.name ?? '' };
          customers.set(customer.id, customer);
          return { status: 200, json: customer };
        });
      }
      if (method === 'POST' && path === '/v1/setup_intents') {
        return replay(() => {
          if (!customers.has(form.customer ?? '')) return { status: 404, json: missing('customer', form.customer ?? '') };
          const id = `seti_${randomBytes(12).toString('hex')}`;
          const intent: StandInSetupIntent = {
            id,
            object: 'setup_intent',
            customer: form.customer!,
            usage: form.usage ?? 'off_session',
            status: 'requires_payment_method',
            client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
            payment_method: null,
            last_setup_error: null,
          };
          setupIntents.set(id, intent);
          return { status: 200, json: intent };
        });
      }
      const setupIntent = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
      if (method === 'GET' && setupIntent) {
        const found = setupIntents.get(decodeURIComponent(setupIntent[1]!));
        send(found ? 200 : 404, found ?? missing('setup_intent', setupIntent[1]!));
        return true;
      }
      const paymentMethod = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
      if (method === 'GET' && paymentMethod) {
        const found = paymentMethods.get(decodeURIComponent(paymentMethod[1]!));
        send(found ? 200 : 404, found ?? missing('payment_method', paymentMethod[1]!));
        return true;
      }
      return false;
    },

    /**
     * The browser's confirmation of a PaymentIntent with a test card (Stripe.js): it succeeds
     * (keeping the card for its customer when the intent asked to), or the decline card fails it.
     */
    payWithCard(intentId: string, cardNumber: string): StandInIntent {
      const intent = intents.get(intentId)!;
      if (TEST_CARDS[cardNumber]?.offSession === 'declined') {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { message: 'Your card was declined.', code: 'card_declined' };
        return intent;
      }
      const kept = intent.setup_future_usage === 'off_session' && intent.customer ? keepCard(intent.customer, cardNumber) : null;
      intent.status = 'succeeded';
      intent.payment_method = kept?.id ?? `pm_${randomBytes(12).toString('hex')}`;
      intent.last_payment_error = null;
      return intent;
    },

    /** The customer's 3-D Secure confirmation of an intent that asked for it. */
    authenticate(intentId: string): StandInIntent {
      const intent = intents.get(intentId)!;
      if (intent.status === 'requires_action') {
        intent.status = 'succeeded';
        intent.last_payment_error = null;
      }
      return intent;
    },

    /** The browser's confirmation of a SetupIntent with a test card (Stripe Elements). */
    confirmSetup(setupIntentId: string, cardNumber: string): StandInSetupIntent {
      const intent = setupIntents.get(setupIntentId)!;
      if (TEST_CARDS[cardNumber]?.offSession === 'declined') {
        intent.last_setup_error = { message: 'Your card was declined.', code: 'card_declined' };
        return intent;
      }
      intent.payment_method = keepCard(intent.customer, cardNumber).id;
      intent.status = 'succeeded';
      intent.last_setup_error = null;
      return intent;
    },
  };
}
