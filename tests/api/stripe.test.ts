import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { coupons, orders, processedEvents, purchaseNotifications } from '../../src/server/schema';
import { browserCookieOf, checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { cryptoForm, postCryptoPayment } from '../support/crypto';
import { STRIPE_TEST_SETTINGS, useStripeStandIn, type StandInIntent, type StripeStandIn } from '../support/stripe-stand-in';
import { useTestApp } from '../support/test-app';

describe('card payments through Stripe (a local stand-in of its API)', () => {
  const standIn = useStripeStandIn();
  const t = useTestApp(STRIPE_TEST_SETTINGS, { providers: standIn.providers });
  let stripe: StripeStandIn;
  beforeEach(() => {
    stripe = standIn.stripe();
  });

  async function cardOrder(overrides: Record<string, unknown> = {}) {
    const { oneMonth } = await seededPackages(t.app);
    const response = await postCheckout(t.app, checkoutForm(oneMonth.id, overrides));
    expect(response.statusCode).toBe(200);
    const { order, clientSecret } = response.json();
    return { orderId: order.id as string, intent: stripe.intents.get(intentIdOf(clientSecret))! };
  }
  const webhook = ({ payload, signature }: { payload: string; signature?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });
  const paymentSuccess = (orderId: string, paymentIntentId: string) =>
    t.app.inject({ method: 'POST', url: '/api/webhook/payment-success', payload: { orderId, paymentIntentId } });
  const orderRow = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  it('tells the client to use Stripe with its publishable key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({ cardProvider: 'stripe', stripePublishableKey: 'pk_test_stand_in', cryptoProvider: 'demo' });
  });

  it("creates a PaymentIntent for the server's total with the order id and an idempotency key", async () => {
    const { oneMonth } = await seededPackages(t.app);
    const form = checkoutForm(oneMonth.id, { deviceCount: '3', couponCode: 'WELCOME10', totalAmount: '0.50' });
    const first = await postCheckout(t.app, form);
    const { order, clientSecret } = first.json();
    const intent = stripe.intents.get(intentIdOf(clientSecret))!;
    expect(intent).toMatchObject({ amount: 2517, currency: 'usd', metadata: { orderId: order.id }, client_secret: clientSecret });
    const creation = stripe.requests.find((r) => r.method === 'POST' && r.form['metadata[orderId]'] === order.id)!;
    expect(creation.headers['idempotency-key']).toBe(`order-${order.id}`);
    expect(creation.form['automatic_payment_methods[enabled]']).toBe('true');
    expect((await orderRow(order.id)).stripePaymentIntentId).toBe(intent.id);

    const again = await postCheckout(t.app, form, browserCookieOf(first));
    expect(again.json()).toMatchObject({ order: { id: order.id }, clientSecret });
    expect([...stripe.intents.values()].filter((i) => i.metadata.orderId === order.id)).toHaveLength(1);
  });

  it('completes an order on payment-success only once Stripe says the intent succeeded', async () => {
    const { orderId, intent } = await cardOrder();
    const early = await paymentSuccess(orderId, intent.id);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: 'The payment has not succeeded' });
    expect((await orderRow(orderId)).paymentStatus).toBe('pending');

    stripe.settle(intent.id, 'succeeded');
    const paid = await paymentSuccess(orderId, intent.id);
    expect(paid.statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'completed', stripePaymentIntentId: intent.id });
  });

  it("refuses an intent of Stripe's that is unknown or belongs to another order", async () => {
    const { orderId } = await cardOrder();
    const other = await cardOrder();
    stripe.settle(other.intent.id, 'succeeded');
    expect((await paymentSuccess(orderId, other.intent.id)).json()).toEqual({ message: 'This payment does not belong to this order' });
    expect((await paymentSuccess(orderId, 'pi_doesnotexist')).json()).toEqual({ message: 'This payment does not belong to this order' });
    expect((await orderRow(orderId)).paymentStatus).toBe('pending');
  });

  it('completes the order on a signed payment_intent.succeeded event and ignores its replay', async () => {
    const { orderId, intent } = await cardOrder();
    const delivery = stripe.event('payment_intent.succeeded', stripe.settle(intent.id, 'succeeded'));
    const response = await webhook(delivery);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect((await orderRow(orderId)).paymentStatus).toBe('completed');

    expect((await webhook(delivery)).statusCode).toBe(200);
    expect(await t.database.db.select().from(processedEvents)).toHaveLength(1);
    expect(await t.database.db.select().from(purchaseNotifications)).toHaveLength(1);
  });

  it('records a failed payment and ignores the replay of an event already handled', async () => {
    const { orderId, intent } = await cardOrder();
    const failed = stripe.event('payment_intent.payment_failed', stripe.settle(intent.id, 'requires_payment_method', 'Your card has insufficient funds.'));
    expect((await webhook(failed)).statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'failed', failureReason: 'Your card has insufficient funds.' });

    // The buyer retries; a replay of the old failure must not mark the order failed again.
    await t.database.db.update(orders).set({ paymentStatus: 'pending', failureReason: null }).where(eq(orders.id, orderId));
    expect((await webhook(failed)).statusCode).toBe(200);
    expect((await orderRow(orderId)).paymentStatus).toBe('pending');

    const succeeded = stripe.event('payment_intent.succeeded', stripe.settle(intent.id, 'succeeded'));
    await webhook(succeeded);
    const lateFailure = stripe.event('payment_intent.payment_failed', intent);
    await webhook(lateFailure);
    expect((await orderRow(orderId)).paymentStatus).toBe('completed');
  });

  it('refuses a missing, forged, stale or tampered signature and leaves the order pending', async () => {
    const { orderId, intent } = await cardOrder();
    const delivery = stripe.event('payment_intent.succeeded', stripe.settle(intent.id, 'succeeded'));
    const stale = stripe.event('payment_intent.succeeded', intent, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const cases = [
      { payload: delivery.payload },
      { payload: delivery.payload, signature: 't=123,v1=deadbeef' },
      { payload: delivery.payload, signature: delivery.signature.replace(/v1=(\w)/, (_match, digit: string) => `v1=${digit === '0' ? '1' : '0'}`) },
      stale,
      { payload: delivery.payload.replace('"livemode":false', '"livemode":true'), signature: delivery.signature },
    ];
    for (const forged of cases) {
      const response = await webhook(forged);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/Stripe-Signature|Stripe signature/);
    }
    expect((await orderRow(orderId)).paymentStatus).toBe('pending');
    expect(await t.database.db.select().from(processedEvents)).toHaveLength(0);
  });

  it('holds for review an order whose signed success does not match its total', async () => {
    const { orderId, intent } = await cardOrder();
    const mismatched = { ...stripe.settle(intent.id, 'succeeded'), amount: 100 };
    expect((await webhook(stripe.event('payment_intent.succeeded', mismatched))).statusCode).toBe(200);
    const order = await orderRow(orderId);
    expect(order.paymentStatus).toBe('needs_review');
    expect(order.failureReason).toMatch(/does not match the order/);
  });

  it('ignores events about intents this store did not create', async () => {
    const foreign = { ...(await cardOrder()).intent, id: 'pi_foreign', metadata: {} };
    expect((await webhook(stripe.event('payment_intent.succeeded', foreign))).statusCode).toBe(200);
    expect((await webhook(stripe.event('customer.created', foreign))).statusCode).toBe(200);
  });

  it('turns concurrent browser notices and webhook deliveries of one payment into one paid order', async () => {
    await t.database.db.update(coupons).set({ usageLimit: 50 }).where(eq(coupons.code, 'WELCOME10'));
    const { orderId, intent } = await cardOrder({ couponCode: 'WELCOME10' });
    stripe.settle(intent.id, 'succeeded');
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, () => paymentSuccess(orderId, intent.id)),
      ...Array.from({ length: 10 }, () => webhook(stripe.event('payment_intent.succeeded', intent))),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await orderRow(orderId)).paymentStatus).toBe('completed');
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    expect(coupon!.usageCount).toBe(1);
    expect(await t.database.db.select().from(purchaseNotifications)).toHaveLength(1);
  });

  it.each(['error', 'hang'] as const)(
    'tells the buyer the provider is down (%s), keeps one pending order, and completes it once Stripe is back',
    async (outage) => {
      const { oneMonth } = await seededPackages(t.app);
      const form = checkoutForm(oneMonth.id);
      const ordersOfBuyer = () => t.database.db.select().from(orders).where(eq(orders.customerEmail, form.email as string));

      stripe.goDown(outage);
      const refused = await postCheckout(t.app, form).finally(() => stripe.recover());
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual({ message: 'The payment provider is not responding. Please try again.' });
      const [pending, ...others] = await ordersOfBuyer();
      expect(others).toEqual([]);
      expect(pending).toMatchObject({ paymentStatus: 'pending', stripePaymentIntentId: null });

      // The buyer presses Pay again: the same order, now with its one PaymentIntent (decision 0008).
      const retried = await postCheckout(t.app, form, browserCookieOf(refused));
      expect(retried.statusCode).toBe(200);
      expect(retried.json().order.id).toBe(pending!.id);
      const intent = stripe.intents.get(intentIdOf(retried.json().clientSecret))!;
      expect([...stripe.intents.values()].filter((i) => i.metadata.orderId === pending!.id)).toEqual([intent]);

      // Stripe goes down again while the browser reports the payment: nothing is lost.
      stripe.settle(intent.id, 'succeeded');
      stripe.goDown(outage);
      const unconfirmed = await paymentSuccess(pending!.id, intent.id).finally(() => stripe.recover());
      expect(unconfirmed.statusCode).toBe(502);
      expect(unconfirmed.json()).toEqual({ message: 'The payment provider is not responding. Please try again.' });
      expect((await orderRow(pending!.id)).paymentStatus).toBe('pending');

      expect((await paymentSuccess(pending!.id, intent.id)).statusCode).toBe(200);
      const [paid, ...more] = await ordersOfBuyer();
      expect(more).toEqual([]);
      expect(paid).toMatchObject({ id: pending!.id, paymentStatus: 'completed', stripePaymentIntentId: intent.id });
    },
  );

  it('has no demo card endpoints', async () => {
    const { intent } = await cardOrder();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/demo/payment-intents/${intent.id}/confirm`,
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("a signed Stripe payment that is not the order's own", () => {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const standIn = useStripeStandIn();
  const t = useTestApp(STRIPE_TEST_SETTINGS, { providers: standIn.providers, logger });
  let stripe: StripeStandIn;
  beforeEach(() => {
    stripe = standIn.stripe();
    lines.length = 0;
  });

  async function cardOrder() {
    const { oneMonth } = await seededPackages(t.app);
    const { order, clientSecret } = (await postCheckout(t.app, checkoutForm(oneMonth.id))).json<{ order: { id: string }; clientSecret: string }>();
    return { orderId: order.id, intent: stripe.intents.get(intentIdOf(clientSecret))! };
  }
  const webhook = ({ payload, signature }: { payload: string; signature: string }) =>
    t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  const orderRow = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const warningsAbout = (orderId: string) => lines.filter((line) => line.level === 40 && line.orderId === orderId);

  it('leaves a crypto order pending when a signed payment_intent.succeeded names it, answers 200 and logs why', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const { orderId } = (await postCryptoPayment(t.app, cryptoForm(oneMonth.id))).json<{ orderId: string }>();
    const crypto = await orderRow(orderId);
    const aimedAtCrypto: StandInIntent = {
      id: 'pi_aimed_at_a_crypto_order',
      object: 'payment_intent',
      amount: Math.round(Number(crypto.totalAmount) * 100),
      currency: 'usd',
      status: 'succeeded',
      client_secret: 'pi_aimed_at_a_crypto_order_secret_x',
      metadata: { orderId },
      last_payment_error: null,
      livemode: false,
    };

    const response = await webhook(stripe.event('payment_intent.succeeded', aimedAtCrypto));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'pending', paidAt: null, stripePaymentIntentId: null, failureReason: null });
    expect(await t.database.db.select().from(purchaseNotifications)).toHaveLength(0);
    expect(warningsAbout(orderId).map((line) => line.reason)).toEqual([`Order ${orderId} is paid by crypto, not by card`]);

    // Nor does a signed failure of that intent mark the crypto order failed.
    const failed = stripe.event('payment_intent.payment_failed', { ...aimedAtCrypto, status: 'requires_payment_method', last_payment_error: { message: 'Declined', code: 'card_declined' } });
    expect((await webhook(failed)).statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'pending', failureReason: null });
  });

  it("does not complete a card order with another card order's intent, by webhook or by the browser's notice", async () => {
    const mine = await cardOrder();
    const other = await cardOrder();
    const otherIntent = stripe.settle(other.intent.id, 'succeeded');
    const namingMine = { ...otherIntent, metadata: { orderId: mine.orderId } };

    const response = await webhook(stripe.event('payment_intent.succeeded', namingMine));
    expect(response.statusCode).toBe(200);
    expect(await orderRow(mine.orderId)).toMatchObject({ paymentStatus: 'pending', paidAt: null, stripePaymentIntentId: mine.intent.id, failureReason: null });

    // Stripe's own record of the other intent names this order too: the browser's notice is refused all the same.
    otherIntent.metadata = { orderId: mine.orderId };
    const notice = await t.app.inject({ method: 'POST', url: '/api/webhook/payment-success', payload: { orderId: mine.orderId, paymentIntentId: other.intent.id } });
    expect(notice.statusCode).toBe(400);
    expect(notice.json()).toEqual({ message: 'This payment does not belong to this order' });
    expect(await orderRow(mine.orderId)).toMatchObject({ paymentStatus: 'pending', stripePaymentIntentId: mine.intent.id });
    expect(await t.database.db.select().from(purchaseNotifications)).toHaveLength(0);
    const reason = `Order ${mine.orderId} belongs to payment ${mine.intent.id}, not ${other.intent.id}`;
    expect(warningsAbout(mine.orderId).map((line) => line.reason)).toEqual([reason, reason]);
  });
});

describe('Stripe webhook with the demo card provider', () => {
  const t = useTestApp();

  it('does not exist', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: { id: 'evt_1' }, headers: { 'stripe-signature': 't=1,v1=0' } });
    expect(response.statusCode).toBe(404);
  });
});
