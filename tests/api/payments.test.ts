import { describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { coupons, demoPaymentIntents, orders, purchaseNotifications } from '../../src/server/schema';
import { createDemoCardPayments } from '../../src/server/providers/payments/demo-card-payments';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { pendingOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };

describe('card payments with the demo provider', () => {
  const t = useTestApp();

  async function cardOrder(overrides: Record<string, unknown> = {}) {
    const { oneMonth } = await seededPackages(t.app);
    const response = await postCheckout(t.app, checkoutForm(oneMonth.id, overrides));
    expect(response.statusCode).toBe(200);
    const { order, clientSecret } = response.json();
    return { orderId: order.id as string, intentId: clientSecret ? intentIdOf(clientSecret) : '' };
  }
  const confirm = (intentId: string, card: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: card });
  const paymentSuccess = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/webhook/payment-success', payload });
  const statusOf = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  it('tells the client which providers are live', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({ cardProvider: 'demo', stripePublishableKey: null, cryptoProvider: 'demo' });
  });

  it('pays with the test card: the order completes once, however often the browser reports it', async () => {
    const { orderId, intentId } = await cardOrder();
    const confirmed = await confirm(intentId, GOOD_CARD);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ id: intentId, status: 'succeeded' });
    expect(await statusOf(orderId)).toMatchObject({ paymentStatus: 'completed', stripePaymentIntentId: intentId, paidAt: expect.any(Date) });

    for (let i = 0; i < 2; i++) {
      const notice = await paymentSuccess({ orderId, paymentIntentId: intentId });
      expect(notice.statusCode).toBe(200);
      expect(notice.json()).toEqual({ orderId, paymentStatus: 'completed' });
    }
    expect(await t.database.db.select().from(purchaseNotifications)).toHaveLength(1);
  });

  it('declines the decline card with the provider message; a later good card still pays', async () => {
    const { orderId, intentId } = await cardOrder();
    const declined = await confirm(intentId, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: 'Your card was declined.' });
    expect(await statusOf(orderId)).toMatchObject({ paymentStatus: 'failed', failureReason: 'Your card was declined.' });

    const notice = await paymentSuccess({ orderId, paymentIntentId: intentId });
    expect(notice.statusCode).toBe(400);
    expect(notice.json()).toEqual({ message: 'The payment has not succeeded' });

    expect((await confirm(intentId, GOOD_CARD)).statusCode).toBe(200);
    expect(await statusOf(orderId)).toMatchObject({ paymentStatus: 'completed', failureReason: null });
  });

  it('refuses malformed card details and cards the demo does not know', async () => {
    const { orderId, intentId } = await cardOrder();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...GOOD_CARD, cardNumber: '4242 4242' }, 'Your card number is incomplete.'],
      [{ ...GOOD_CARD, cardNumber: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
      [{ ...GOOD_CARD, cardNumber: 4242424242424242 }, 'Your card number is incomplete.'],
      [{ ...GOOD_CARD, expiry: '13/30' }, "Your card's expiration date is incomplete."],
      [{ ...GOOD_CARD, expiry: '01/20' }, "Your card's expiration date is in the past."],
      [{ ...GOOD_CARD, cvc: '12' }, "Your card's security code is incomplete."],
      [{ cardNumber: GOOD_CARD.cardNumber }, "Your card's expiration date is incomplete."],
      [{ ...GOOD_CARD, cardNumber: '5555 5555 5555 4444' }, 'Demo mode takes the test cards 4242 4242 4242 4242 (paid) and 4000 0000 0000 0002 (declined), and for automatic renewal 4000 0027 6000 3184 and 4000 0000 0000 9995'],
    ];
    for (const [card, message] of cases) {
      const response = await confirm(intentId, card);
      expect({ card, status: response.statusCode, body: response.json() }).toEqual({ card, status: 400, body: { message } });
    }
    expect((await confirm('pi_demo_unknown', GOOD_CARD)).statusCode).toBe(404);
    expect((await confirm('not-an-intent', GOOD_CARD)).json()).toEqual({ message: 'Invalid payment intent id' });
    expect(await statusOf(orderId)).toMatchObject({ paymentStatus: 'pending' });
  });

  it('never completes an order on a forged payment-success notice', async () => {
    const { orderId, intentId } = await cardOrder();
    const other = await cardOrder();
    await confirm(other.intentId, GOOD_CARD);

    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ orderId, paymentIntentId: intentId }, 400, 'The payment has not succeeded'],
      [{ orderId, paymentIntentId: other.intentId }, 400, 'This payment does not belong to this order'],
      [{ orderId, paymentIntentId: 'pi_demo_000000000000000000000000' }, 400, 'This payment does not belong to this order'],
      [{ orderId: 'SP-1-000000', paymentIntentId: intentId }, 400, 'This payment does not belong to this order'],
      [{ orderId, paymentIntentId: 'seti_123' }, 400, 'Invalid payment intent id'],
      [{ orderId }, 400, 'Payment intent id is required'],
      [{ paymentIntentId: intentId }, 400, 'Order ID is required'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await paymentSuccess(payload);
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({ payload, status, body: { message } });
    }

    // A succeeded intent whose amount or currency differs from the order's total.
    await t.database.db.update(demoPaymentIntents).set({ status: 'succeeded', amount: 1 }).where(eq(demoPaymentIntents.id, intentId));
    expect((await paymentSuccess({ orderId, paymentIntentId: intentId })).json()).toEqual({ message: 'The payment amount does not match the order' });
    await t.database.db.update(demoPaymentIntents).set({ amount: 1599, currency: 'eur' }).where(eq(demoPaymentIntents.id, intentId));
    expect((await paymentSuccess({ orderId, paymentIntentId: intentId })).json()).toEqual({ message: 'The payment amount does not match the order' });

    expect(await statusOf(orderId)).toMatchObject({ paymentStatus: 'pending', paidAt: null });
    expect(await t.database.db.select().from(purchaseNotifications).where(eq(purchaseNotifications.orderId, orderId))).toHaveLength(0);
  });

  it('answers a notice for an unknown order exactly as one for a known order, so that it reveals no order ids', async () => {
    const card = await cardOrder();
    const crypto = await cardOrder({ paymentMethod: 'crypto' });
    const other = await cardOrder();
    await confirm(other.intentId, GOOD_CARD);
    const unknownOrder = 'SP-1700000000000-123456';
    const unknownIntent = 'pi_demo_000000000000000000000000';

    const answers = [];
    for (const orderId of [unknownOrder, card.orderId, crypto.orderId]) {
      for (const paymentIntentId of [unknownIntent, other.intentId]) {
        const response = await paymentSuccess({ orderId, paymentIntentId });
        answers.push({ orderId, paymentIntentId, status: response.statusCode, body: response.json<unknown>() });
      }
    }
    expect(answers).toEqual(answers.map((answer) => ({ ...answer, status: 400, body: { message: 'This payment does not belong to this order' } })));
    expect(await statusOf(card.orderId)).toMatchObject({ paymentStatus: 'pending' });
  });

  it('refuses a payment-success notice for an order not paid by card', async () => {
    const { orderId } = await cardOrder({ paymentMethod: 'crypto' });
    const response = await paymentSuccess({ orderId, paymentIntentId: 'pi_demo_whatever' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'This payment does not belong to this order' });
  });

  it('turns 20 concurrent notices of one payment into one paid order, one coupon use, one notification', async () => {
    await t.database.db.update(coupons).set({ usageLimit: 100 }).where(eq(coupons.code, 'WELCOME10'));
    const { orderId, intentId } = await cardOrder({ couponCode: 'WELCOME10' });
    await t.database.db.update(demoPaymentIntents).set({ status: 'succeeded' }).where(eq(demoPaymentIntents.id, intentId));

    const responses = await Promise.all(Array.from({ length: 20 }, () => paymentSuccess({ orderId, paymentIntentId: intentId })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await statusOf(orderId)).toMatchObject({ paymentStatus: 'completed' });
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    expect(coupon!.usageCount).toBe(1);
    expect(await t.database.db.select().from(purchaseNotifications)).toHaveLength(1);
  });

  it('hands a paid order on exactly once among concurrent completions', async () => {
    const { orderId, intentId } = await cardOrder();
    const started = vi.spyOn(t.services.jobs, 'sendAll');
    const log = { error: vi.fn(), warn: vi.fn() };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.services.paidOrder.completeOrder(orderId, { method: 'card', paymentIntentId: intentId }, log)),
    );
    expect(results.filter((r) => r.outcome === 'completed')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'already_completed')).toHaveLength(19);
    expect(started).toHaveBeenCalledTimes(1);
    expect(started.mock.calls[0]![0].map((job) => [job.name, job.data])).toEqual([
      ['provision-order', { orderId }],
      ['order-confirmation-mail', { orderId }],
    ]);
    started.mockRestore();
  });

  it("completes an order only with a payment of its own method and its own intent, recording a first intent, and says why it refuses", async () => {
    const { oneMonth } = await seededPackages(t.app);
    const crypto = await pendingOrder(t, { packageId: oneMonth.id, paymentMethod: 'crypto' });
    const withIntent = await cardOrder();
    const withoutIntent = await pendingOrder(t, { packageId: oneMonth.id });
    const log = { error: vi.fn(), warn: vi.fn() };
    const complete = (orderId: string, paymentIntentId: string) => t.services.orders.completeOrder(orderId, { method: 'card', paymentIntentId }, log);

    expect(await complete(crypto.id, 'pi_demo_for_crypto')).toMatchObject({ outcome: 'refused', reason: `Order ${crypto.id} is paid by crypto, not by card` });
    expect(await complete(withIntent.orderId, 'pi_demo_someone_else')).toMatchObject({
      outcome: 'refused',
      reason: `Order ${withIntent.orderId} belongs to payment ${withIntent.intentId}, not pi_demo_someone_else`,
    });
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ orderId: crypto.id, reason: `Order ${crypto.id} is paid by crypto, not by card` }), expect.any(String));
    expect(await statusOf(crypto.id)).toMatchObject({ paymentStatus: 'pending', stripePaymentIntentId: null });
    expect(await statusOf(withIntent.orderId)).toMatchObject({ paymentStatus: 'pending', stripePaymentIntentId: withIntent.intentId });

    expect((await complete(withoutIntent.id, 'pi_demo_first')).outcome).toBe('completed');
    expect(await statusOf(withoutIntent.id)).toMatchObject({ paymentStatus: 'completed', stripePaymentIntentId: 'pi_demo_first' });
    expect(await complete(withoutIntent.id, 'pi_demo_second')).toMatchObject({ outcome: 'refused' });
    expect(await t.database.db.select().from(purchaseNotifications)).toHaveLength(1);
  });

  it('counts the coupon at payment for orders placed before reservations, and honours a paid one past the limit', async () => {
    await t.database.db.insert(coupons).values({ code: 'THREE', description: 'Three lucky buyers', type: 'fixed', value: '5.00', usageLimit: 10 });
    const { oneMonth } = await seededPackages(t.app);
    const checkouts = await Promise.all(Array.from({ length: 4 }, () => postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode: 'THREE' }))));
    const bought = checkouts.map((r) => ({ orderId: r.json().order.id as string, intentId: intentIdOf(r.json().clientSecret) }));
    // As the coupon_reservations migration leaves orders unpaid before reservations (decision 0020): holding no use.
    await t.database.db.update(orders).set({ couponReserved: false }).where(inArray(orders.id, bought.map((b) => b.orderId)));
    await t.database.db.update(coupons).set({ usageLimit: 3, usageCount: 0 }).where(eq(coupons.code, 'THREE'));

    const payments = await Promise.all(bought.map(({ intentId }) => confirm(intentId, GOOD_CARD)));
    expect(payments.map((r) => r.statusCode)).toEqual(Array(4).fill(200));
    const rows = await t.database.db.select().from(orders).where(inArray(orders.id, bought.map((b) => b.orderId)));
    expect(rows.map((o) => [o.paymentStatus, o.couponReserved])).toEqual(Array(4).fill(['completed', true]));
    expect(rows.map((o) => o.failureReason).filter(Boolean)).toEqual([
      'Paid after coupon THREE reached its usage limit: the discount was honoured past the limit',
    ]);
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'THREE'));
    expect(coupon!.usageCount).toBe(4);
    expect(await t.database.db.select().from(purchaseNotifications)).toHaveLength(4);
  });
});

describe('checkout while the card provider is down', () => {
  const t = useTestApp({}, {
    providers: (database) => ({
      cardPayments: { ...createDemoCardPayments(database.db), createIntent: () => Promise.reject(new Error('connect ECONNREFUSED')) },
    }),
  });

  it('answers 502 with a clear message and keeps the order unpaid', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const response = await postCheckout(t.app, checkoutForm(oneMonth.id));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'The payment provider is not responding. Please try again.' });
    const [order] = await t.database.db.select().from(orders);
    expect(order).toMatchObject({ paymentStatus: 'pending', stripePaymentIntentId: null });
  });
});

describe('GET /api/config with a crypto gateway configured', () => {
  const t = useTestApp({ NOWPAYMENTS_API_KEY: 'np-key', NOWPAYMENTS_IPN_SECRET: 'np-secret' });

  it('names NOWPayments', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({ cardProvider: 'demo', cryptoProvider: 'nowpayments' });
  });
});
