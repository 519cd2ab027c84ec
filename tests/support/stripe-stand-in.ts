import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse, IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { App } from '../../src/server/app';
import { afterAll, beforeAll } from 'vitest';
import { createStripeCardPayments } from '../../src/server/providers/payments/stripe-card-payments';
import { outageSwitch, type Outage } from './outage';
import { newStandInIntent, standInSavedCards } from './stripe-stand-in-saved-cards';
import { standInServer } from './stand-in-server';

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string; code: string } | null;
  livemode: false;
  /** The Customer a card is kept for, with setup_future_usage (decision 0044). */
  customer?: string | null;
  payment_method?: string | null;
  setup_future_usage?: string | null;
}

/** A dispute as Stripe's events carry it (decision 0100). */
export interface StandInDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  payment_intent: string | null;
  charge: string;
  reason: string;
  status: string;
  evidence_details: { due_by: number | null };
  balance_transactions: Array<{ id: string; object: 'balance_transaction'; amount: number; fee: number }>;
  livemode: false;
}

/** Radar's early fraud warning as its event carries it. */
export interface StandInFraudWarning {
  id: string;
  object: 'radar.early_fraud_warning';
  actionable: boolean;
  charge: string;
  fraud_type: string;
  payment_intent: string | null;
  livemode: false;
}

/** A dispute of a stand-in intent, as its events carry it: funds and a $15.00 fee withdrawn when `withdrawn`. */
export function standInDispute(intent: StandInIntent, overrides: Partial<StandInDispute> = {}, withdrawn = true): StandInDispute {
  return {
    id: `dp_${intent.id.slice(3)}`,
    object: 'dispute',
    amount: intent.amount,
    currency: intent.currency,
    payment_intent: intent.id,
    charge: `ch_${intent.id.slice(3)}`,
    reason: 'fraudulent',
    status: 'needs_response',
    evidence_details: { due_by: Math.floor(Date.now() / 1000) + 21 * 24 * 3600 },
    balance_transactions: withdrawn ? [{ id: `txn_${intent.id.slice(3)}`, object: 'balance_transaction', amount: -intent.amount - 1500, fee: 1500 }] : [],
    livemode: false,
    ...overrides,
  };
}

export function standInFraudWarning(intent: StandInIntent): StandInFraudWarning {
  return { id: `issfr_${intent.id.slice(3)}`, object: 'radar.early_fraud_warning', actionable: true, charge: `ch_${intent.id.slice(3)}`, fraud_type: 'unauthorized_use_of_card', payment_intent: intent.id, livemode: false };
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
}

export interface StripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export const STRIPE_TEST_SETTINGS = {
  STRIPE_SECRET_KEY: 'sk_test_stand_in',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
  STRIPE_WEBHOOK_SECRET: 'whsec_stand_in_secret',
};

/** Posts a signed event (the stand-in's `event(...)`) to the store's Stripe webhook, as Stripe does. */
export function postStripeEvent(app: App, { payload, signature }: { payload: string; signature: string },
) {
  return app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload });
}

/**
 * A local stand-in of Stripe's PaymentIntents API (create with Idempotency-Key, retrieve)
 * and Refunds API (create with Idempotency-Key and an amount, partial refunds up to the charge; list by intent),
 * with saved cards (Customers, SetupIntents, PaymentMethods, off-session charges: stripe-stand-in-saved-cards.ts),
 * on a real HTTP server that the official SDK talks to, plus signed webhook events made
 * the way Stripe's own test helpers make them.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, string>();
  /** Refunds by id; Stripe's partial refunds of a charge add up to its amount at most. */
  const refunds = new Map<string, StandInRefund>();
  const refundByIdempotencyKey = new Map<string, string>();
  const requests: StripeRequest[] = [];
  const outage = outageSwitch({ error: { type: 'api_error', message: 'An unknown error occurred' } });
  const savedCards = standInSavedCards(intents);

  const server = standInServer(answer);
  async function answer(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ method: req.method ?? '', path, headers: req.headers, form });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== `Bearer ${STRIPE_TEST_SETTINGS.STRIPE_SECRET_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (outage.intercept(res)) return;
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([name]) => name.startsWith('metadata['))
        .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    );
    if (savedCards.answer(req.method ?? '', path, form, req.headers['idempotency-key'] as string | undefined, metadata, send)) return;

    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'] as string | undefined;
      const known = key ? byIdempotencyKey.get(key) : undefined;
      if (known) return send(200, intents.get(known));
      const intent = newStandInIntent(form, metadata);
      intents.set(intent.id, intent);
      if (key) byIdempotencyKey.set(key, intent.id);
      return send(200, intent);
    }

    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && retrieve) {
      const intent = intents.get(decodeURIComponent(retrieve[1]!));
      if (!intent) {
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${retrieve[1]}'`, param: 'intent' },
        });
      }
      return send(200, intent);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const key = req.headers['idempotency-key'] as string | undefined;
      const known = key ? refundByIdempotencyKey.get(key) : undefined;
      if (known) return send(200, refunds.get(known));
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) {
        return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${form.payment_intent}'`, param: 'payment_intent' } });
      }
      if (intent.status !== 'succeeded') {
        return send(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent does not have a successful charge to refund.' } });
      }
      // Partial refunds add up to the charge; past it Stripe refuses, as it does.
      const refundedSoFar = [...refunds.values()].filter((refund) => refund.payment_intent === intent.id).reduce((sum, refund) => sum + refund.amount, 0);
      if (refundedSoFar >= intent.amount) {
        return send(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge for ${intent.id} has already been refunded.` } });
      }
      const amount = form.amount ? Number(form.amount) : intent.amount - refundedSoFar;
      if (amount > intent.amount - refundedSoFar) {
        return send(400, { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge` } });
      }
      const refund: StandInRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      if (key) refundByIdempotencyKey.set(key, refund.id);
      return send(200, refund);
    }

    // disputes.update with evidence and submit (decision 0100): kept in `requests`, answered as Stripe does.
    const disputeUpdate = /^\/v1\/disputes\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && disputeUpdate) {
      const id = decodeURIComponent(disputeUpdate[1]!);
      return send(200, { id, object: 'dispute', status: form.submit === 'true' ? 'under_review' : 'needs_response' });
    }

    if (req.method === 'GET' && path === '/v1/refunds') {
      const wanted = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('payment_intent');
      const data = [...refunds.values()].filter((refund) => !wanted || refund.payment_intent === wanted);
      return send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }

    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let eventCounter = 0;

  return {
    /** The SDK options that point it here. */
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    intents,
    refunds,
    requests,
    customers: savedCards.customers,
    paymentMethods: savedCards.paymentMethods,
    setupIntents: savedCards.setupIntents,
    /** The browser paying an intent with a test card; a card is kept when the intent asked to keep it. */
    payWithCard: savedCards.payWithCard,
    /** The customer's 3-D Secure confirmation of an off-session charge that asked for it. */
    authenticate: savedCards.authenticate,
    /** The browser confirming a SetupIntent ("Update card") with a test card. */
    confirmSetup: savedCards.confirmSetup,
    /** Changes an intent as a card payment would: 'succeeded', or a decline. */
    settle(id: string, status: 'succeeded' | 'requires_payment_method', lastError?: string) {
      const intent = intents.get(id)!;
      intent.status = status;
      intent.last_payment_error = lastError ? { message: lastError, code: 'card_declined' } : null;
      return intent;
    },
    /** A webhook delivery about an intent as Stripe sends it: the raw JSON and its signature header. */
    event(type: string, intent: StandInIntent | StandInDispute | StandInFraudWarning, { id, timestamp }: { id?: string; timestamp?: number } = {}) {
      eventCounter += 1;
      const payload = JSON.stringify({
        id: id ?? `evt_${eventCounter}_${randomBytes(6).toString('hex')}`,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: intent },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_TEST_SETTINGS.STRIPE_WEBHOOK_SECRET,
        ...(timestamp === undefined ? {} : { timestamp }),
      });
      return { payload, signature };
    },
    /** Every request answers 500, or hangs, until `recover`. */
    goDown: (mode: Outage) => outage.begin(mode),
    recover: () => outage.end(),
    close: () => {
      outage.end();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/**
 * The Stripe stand-in for one test file, and the providers that point the app at it: pass
 * `providers` to useTestApp with STRIPE_TEST_SETTINGS.
 */
export function useStripeStandIn() {
  let standIn: StripeStandIn | undefined;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(() => standIn?.close());
  const stripe = (): StripeStandIn => {
    if (!standIn) throw new Error('the Stripe stand-in starts in beforeAll');
    return standIn;
  };
  return {
    stripe,
    providers: () => ({
      cardPayments: createStripeCardPayments({
        secretKey: STRIPE_TEST_SETTINGS.STRIPE_SECRET_KEY,
        webhookSecret: STRIPE_TEST_SETTINGS.STRIPE_WEBHOOK_SECRET,
        api: stripe().api,
        // Short, so the tests of a hanging Stripe end quickly.
        timeoutMs: 1_500,
      }),
    }),
  };
}
