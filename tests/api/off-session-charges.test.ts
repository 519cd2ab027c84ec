import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connect';
import { demoPaymentIntents } from '../../src/server/schema';
import { createDemoCardPayments } from '../../src/server/providers/payments/demo-card-payments';
import { createStripeCardPayments } from '../../src/server/providers/payments/stripe-card-payments';
import type { CardPaymentProvider } from '../../src/server/providers/payments/card-payment-provider';
import { startStripeStandIn, STRIPE_TEST_SETTINGS, type StripeStandIn } from '../support/stripe-stand-in';
import { useTestApp } from '../support/test-app';

/**
 * chargeOffSession on both card providers (decision 0044): each test card's answer when charged
 * with its owner absent, one charge per idempotency key, and a provider that is down throws.
 */

const charge = (card: { customerRef: string; paymentMethodRef: string }, key: string) => ({
  orderId: 'SP-1732000000000-123456',
  amountCents: 1599,
  currency: 'usd',
  customerRef: card.customerRef,
  paymentMethodRef: card.paymentMethodRef,
  idempotencyKey: key,
});

let keys = 0;
const newKey = () => `renewal-test-${++keys}-${Date.now()}`;

describe('the demo provider charges saved cards off session', () => {
  const t = useTestApp();
  const demo = () => createDemoCardPayments(t.database.db);

  /** A card kept by a paid checkout intent, as "Renew automatically" keeps it. */
  async function savedDemoCard(cardNumber: string) {
    const provider = demo();
    const customerRef = await provider.createCustomer({ email: 'mona@example.com', name: 'Mona Lisa', idempotencyKey: newKey() });
    const intent = await provider.createIntent({ orderId: 'SP-1', amountCents: 1599, currency: 'usd', idempotencyKey: newKey(), saveCardFor: customerRef });
    expect(await provider.confirm(intent.id, cardNumber)).toMatchObject({ outcome: 'succeeded' });
    const card = await provider.savedCardOf(intent.id);
    expect(card).toMatchObject({ customerRef, brand: 'visa', last4: cardNumber.slice(-4) });
    return card!;
  }

  it('4242 4242 4242 4242 is charged, and the same key twice is one charge', async () => {
    const card = await savedDemoCard('4242424242424242');
    const key = newKey();
    const first = await demo().chargeOffSession(charge(card, key));
    const again = await demo().chargeOffSession(charge(card, key));
    expect(first).toMatchObject({ outcome: 'succeeded', intent: { status: 'succeeded', amount: 1599, metadata: { orderId: 'SP-1732000000000-123456' } } });
    expect(again.outcome === 'succeeded' && first.outcome === 'succeeded' && again.intent.id === first.intent.id).toBe(true);
    const rows = await t.database.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.orderId, 'SP-1732000000000-123456'));
    expect(rows).toHaveLength(1);
  });

  it('4000 0000 0000 9995 is declined for insufficient funds', async () => {
    const card = await savedDemoCard('4000000000009995');
    expect(await demo().chargeOffSession(charge(card, newKey()))).toMatchObject({
      outcome: 'declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('4000 0027 6000 3184 asks for authentication, and the customer confirming it on session pays it', async () => {
    const card = await savedDemoCard('4000002760003184');
    const result = await demo().chargeOffSession(charge(card, newKey()));
    expect(result).toMatchObject({ outcome: 'authentication_required', intent: { status: 'requires_action' } });
    if (result.outcome !== 'authentication_required') return;
    expect(result.clientSecret).toMatch(new RegExp(`^${result.intent.id}_secret_`));
    expect(await demo().confirmAuthentication(result.intent.id)).toMatchObject({ outcome: 'succeeded', intent: { status: 'succeeded' } });
    expect(await demo().retrieve(result.intent.id)).toMatchObject({ status: 'succeeded' });
  });

  it("refuses a card that is not the customer's, and cannot save the decline card", async () => {
    const card = await savedDemoCard('4242424242424242');
    expect(await demo().chargeOffSession({ ...charge(card, newKey()), customerRef: 'cus_demo_someone_else' })).toMatchObject({ outcome: 'declined', code: 'card_declined' });
    const provider = demo();
    const customerRef = await provider.createCustomer({ email: 'x@example.com', name: 'X', idempotencyKey: newKey() });
    const intent = await provider.createIntent({ orderId: 'SP-2', amountCents: 1599, currency: 'usd', idempotencyKey: newKey(), saveCardFor: customerRef });
    expect(await provider.confirm(intent.id, '4000000000000002')).toMatchObject({ outcome: 'declined' });
    expect(await provider.savedCardOf(intent.id)).toBeNull();
  });

  it('throws when its store does not answer, so the caller tries again later', async () => {
    const down = new Proxy({} as Db, {
      get: () => () => {
        throw new Error('connect ECONNREFUSED');
      },
    });
    await expect(createDemoCardPayments(down).chargeOffSession(charge({ customerRef: 'cus_demo_x', paymentMethodRef: 'pm_demo_x' }, newKey()))).rejects.toThrow('ECONNREFUSED');
  });
});

describe('the Stripe provider charges saved cards off session (against the stand-in)', () => {
  let stripe: StripeStandIn;
  let provider: CardPaymentProvider;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    provider = createStripeCardPayments({
      secretKey: STRIPE_TEST_SETTINGS.STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_TEST_SETTINGS.STRIPE_WEBHOOK_SECRET,
      api: stripe.api,
      timeoutMs: 1_000,
    });
  });
  afterAll(() => stripe.close());

  /** A card kept by a paid checkout intent with setup_future_usage, as Stripe.js confirms it. */
  async function savedStripeCard(cardNumber: string) {
    const customerRef = await provider.createCustomer({ email: 'mona@example.com', name: 'Mona Lisa', idempotencyKey: newKey() });
    expect(customerRef).toMatch(/^cus_/);
    const intent = await provider.createIntent({ orderId: 'SP-1', amountCents: 1599, currency: 'usd', idempotencyKey: newKey(), saveCardFor: customerRef });
    expect(stripe.intents.get(intent.id)).toMatchObject({ customer: customerRef, setup_future_usage: 'off_session' });
    stripe.payWithCard(intent.id, cardNumber);
    const card = await provider.savedCardOf(intent.id);
    expect(card).toMatchObject({ customerRef, brand: 'visa', last4: cardNumber.slice(-4), paymentMethodRef: expect.stringMatching(/^pm_/) });
    return card!;
  }

  it('4242 4242 4242 4242 is charged off session, and the same key twice is one PaymentIntent', async () => {
    const card = await savedStripeCard('4242424242424242');
    const key = newKey();
    const before = stripe.intents.size;
    const first = await provider.chargeOffSession(charge(card, key));
    const again = await provider.chargeOffSession(charge(card, key));
    expect(first).toMatchObject({ outcome: 'succeeded', intent: { status: 'succeeded', amount: 1599 } });
    expect(again).toEqual(first);
    expect(stripe.intents.size).toBe(before + 1);
    const sent = stripe.requests.filter((request) => request.headers['idempotency-key'] === key);
    expect(sent[0]!.form).toMatchObject({ off_session: 'true', confirm: 'true', customer: card.customerRef, payment_method: card.paymentMethodRef });
  });

  it('4000 0000 0000 9995 is declined with insufficient_funds, the same way on a repeat', async () => {
    const card = await savedStripeCard('4000000000009995');
    const key = newKey();
    const declined = await provider.chargeOffSession(charge(card, key));
    expect(declined).toMatchObject({ outcome: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    expect(await provider.chargeOffSession(charge(card, key))).toEqual(declined);
  });

  it('4000 0027 6000 3184 answers authentication_required with the client secret', async () => {
    const card = await savedStripeCard('4000002760003184');
    const result = await provider.chargeOffSession(charge(card, newKey()));
    expect(result).toMatchObject({ outcome: 'authentication_required', intent: { status: 'requires_action' } });
    if (result.outcome !== 'authentication_required') return;
    expect(result.clientSecret).toMatch(new RegExp(`^${result.intent.id}_secret_`));
    stripe.authenticate(result.intent.id);
    expect(await provider.retrieve(result.intent.id)).toMatchObject({ status: 'succeeded' });
  });

  it('throws while Stripe is down or hangs, and the retry with the same key charges once', async () => {
    const card = await savedStripeCard('4242424242424242');
    const key = newKey();
    stripe.goDown('error');
    await expect(provider.chargeOffSession(charge(card, key))).rejects.toThrow();
    stripe.goDown('hang');
    await expect(provider.chargeOffSession(charge(card, key))).rejects.toThrow();
    stripe.recover();
    const before = stripe.intents.size;
    expect(await provider.chargeOffSession(charge(card, key))).toMatchObject({ outcome: 'succeeded' });
    expect(await provider.chargeOffSession(charge(card, key))).toMatchObject({ outcome: 'succeeded' });
    expect(stripe.intents.size).toBe(before + 1);
  });
});
