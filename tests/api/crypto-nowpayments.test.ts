import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../src/server/schema';
import { parseEnv } from '../../src/server/config';
import { INVALID_IPN_SIGNATURE_MESSAGE, signIpnBody } from '../../src/server/providers/crypto/index';
import { createNowPayments } from '../../src/server/providers/crypto/nowpayments';
import { seededPackages } from '../support/checkout';
import { cryptoForm, getCryptoStatus, notificationsOf, orderRow, postCryptoPayment, processedEventIds } from '../support/crypto';
import { startNowPaymentsStandIn } from '../support/nowpayments-stand-in';
import { useTestApp } from '../support/test-app';

const API_KEY = 'np-test-key-7Q2M9XK';
const IPN_SECRET = 'np-test-ipn-secret';
const standIn = await startNowPaymentsStandIn({ apiKey: API_KEY });
afterAll(() => standIn.close());

describe('crypto checkout with NOWPayments', () => {
  const t = useTestApp({
    NOWPAYMENTS_API_KEY: API_KEY,
    NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
    NOWPAYMENTS_API_URL: standIn.url,
    PUBLIC_URL: 'https://shop.example.com',
    // No Stripe settings: the card side stays the demo's.
    DEMO_MODE: 'true',
  }, {
    // As configured, with a short timeout so the tests of a hanging NOWPayments end quickly.
    providers: () => ({ crypto: createNowPayments({ apiUrl: standIn.url, apiKey: API_KEY, ipnSecret: IPN_SECRET, timeoutMs: 1_500 }) }),
  });
  beforeEach(() => standIn.reset());

  async function createPayment(overrides: Record<string, unknown> = {}) {
    const { oneMonth } = await seededPackages(t.app);
    const response = await postCryptoPayment(t.app, cryptoForm(oneMonth.id, overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ paymentId: string; payAmount: string; payCurrency: string; payAddress: string; orderId: string }>();
  }

  /** An IPN as NOWPayments sends it, keys in its own order, about a stand-in payment. */
  function ipnBody(paymentId: string, changes: Record<string, unknown> = {}) {
    const payment = standIn.payment(paymentId);
    return {
      payment_id: payment.payment_id,
      parent_payment_id: null,
      invoice_id: null,
      payment_status: 'finished',
      pay_address: payment.pay_address,
      payin_extra_id: null,
      price_amount: payment.price_amount,
      price_currency: 'usd',
      pay_amount: payment.pay_amount,
      actually_paid: payment.pay_amount,
      pay_currency: 'usdc',
      order_id: payment.order_id,
      order_description: payment.order_description,
      purchase_id: '5837122679',
      outcome_amount: payment.pay_amount,
      outcome_currency: 'usdc',
      payment_extra_ids: null,
      fee: { currency: 'usdc', depositFee: 0, withdrawalFee: 0, serviceFee: 0.08 },
      ...changes,
    };
  }

  /** Signed with the store's IPN secret unless a signature (or null: none) is given. */
  const postIpn = (body: unknown, signature: string | null = signIpnBody(body, IPN_SECRET)) =>
    t.app.inject({ method: 'POST', url: '/api/crypto/ipn', payload: body as object, headers: signature === null ? {} : { 'x-nowpayments-sig': signature } });

  it('creates the payment at NOWPayments for the order total in USD, paid in USDC on Ethereum', async () => {
    const payment = await createPayment({ deviceCount: '2' });
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment' });
    expect(request!.headers['x-api-key']).toBe(API_KEY);
    expect(request!.body).toEqual({
      price_amount: 21.98,
      price_currency: 'usd',
      pay_currency: 'usdc',
      order_id: payment.orderId,
      order_description: `1 Month Premium, 2 devices, order ${payment.orderId}`,
      ipn_callback_url: 'https://shop.example.com/api/crypto/ipn',
    });
    const created = standIn.payment(payment.paymentId);
    expect(payment).toEqual({ paymentId: String(created.payment_id), payAmount: '21.98', payCurrency: 'usdc', payAddress: created.pay_address, orderId: payment.orderId });
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ cryptoPaymentId: payment.paymentId, paymentStatus: 'pending' });
  });

  it('answers 502 with the provider’s reason, never the API key, when NOWPayments refuses', async () => {
    const { oneMonth } = await seededPackages(t.app);
    standIn.failNext(400, { statusCode: 400, code: 'AMOUNT_MINIMAL_ERROR', message: 'amountTo is too small' });
    const refused = await postCryptoPayment(t.app, cryptoForm(oneMonth.id));
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ message: 'The crypto payment provider refused the request: amountTo is too small' });

    standIn.failNext(500, { message: `internal error for key ${API_KEY}` });
    const failed = await postCryptoPayment(t.app, cryptoForm(oneMonth.id));
    expect(failed.statusCode).toBe(502);
    expect(failed.body).not.toContain(API_KEY);
  });

  it.each(['error', 'hang'] as const)(
    'tells the buyer NOWPayments is not responding (%s); the retried checkout gives one order, paid once it is back',
    async (outage) => {
      const { oneMonth } = await seededPackages(t.app);
      const form = cryptoForm(oneMonth.id);
      const email = (form.customerData as { email: string }).email;
      const ordersOfBuyer = () => t.database.db.select().from(orders).where(eq(orders.customerEmail, email));
      const notResponding = { message: 'The crypto payment provider is not responding. Please try again in a moment.' };

      standIn.goDown(outage);
      const refused = await postCryptoPayment(t.app, form).finally(() => standIn.recover());
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual(notResponding);
      const [pending, ...others] = await ordersOfBuyer();
      expect(others).toEqual([]);
      expect(pending).toMatchObject({ paymentStatus: 'pending', cryptoPaymentId: null });

      // The same browser submits again (an https store's cookie: decision 0016): the same order gets its payment.
      const bid = refused.cookies.find((cookie) => cookie.name === '__Host-bid')!.value;
      const retried = await postCryptoPayment(t.app, form, { '__Host-bid': bid });
      expect(retried.statusCode).toBe(200);
      const payment = retried.json<{ paymentId: string; orderId: string }>();
      expect(payment.orderId).toBe(pending!.id);

      // Down again while the page polls: the order waits, and completes on the next poll.
      standIn.update(payment.paymentId, { payment_status: 'finished', actually_paid: 15.99 });
      standIn.goDown(outage);
      const unanswered = await getCryptoStatus(t.app, payment.paymentId).finally(() => standIn.recover());
      expect(unanswered.statusCode).toBe(502);
      expect(unanswered.json()).toEqual(notResponding);
      expect((await orderRow(t.database.db, pending!.id)).paymentStatus).toBe('pending');

      expect((await getCryptoStatus(t.app, payment.paymentId)).json()).toEqual({ paymentStatus: 'finished' });
      const [paid, ...more] = await ordersOfBuyer();
      expect(more).toEqual([]);
      expect(paid).toMatchObject({ id: pending!.id, paymentStatus: 'completed', cryptoPaymentId: payment.paymentId });
    },
  );

  it('completes the order when polling finds the payment finished', async () => {
    const payment = await createPayment();
    expect((await getCryptoStatus(t.app, payment.paymentId)).json()).toEqual({ paymentStatus: 'waiting' });
    standIn.update(payment.paymentId, { payment_status: 'finished', actually_paid: 15.99 });
    expect((await getCryptoStatus(t.app, payment.paymentId)).json()).toEqual({ paymentStatus: 'finished' });
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment/${payment.paymentId}`, headers: { 'x-api-key': API_KEY } });
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect(await notificationsOf(t.database.db, payment.orderId)).toHaveLength(1);
  });

  it('holds a partially paid order for review, and marks a failed or expired one failed', async () => {
    const partial = await createPayment();
    standIn.update(partial.paymentId, { payment_status: 'partially_paid', actually_paid: 7 });
    expect((await getCryptoStatus(t.app, partial.paymentId)).json()).toEqual({ paymentStatus: 'partially_paid' });
    expect(await orderRow(t.database.db, partial.orderId)).toMatchObject({ paymentStatus: 'needs_review', failureReason: expect.stringContaining('7 of 15.99 USDC') });
    expect(await notificationsOf(t.database.db, partial.orderId)).toHaveLength(0);

    for (const status of ['failed', 'expired']) {
      const payment = await createPayment();
      standIn.update(payment.paymentId, { payment_status: status });
      expect((await getCryptoStatus(t.app, payment.paymentId)).json()).toEqual({ paymentStatus: status });
      expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'failed' });
    }
  });

  it('completes the order on a correctly signed IPN', async () => {
    const payment = await createPayment();
    const response = await postIpn(ipnBody(payment.paymentId));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect(await processedEventIds(t.database.db)).toEqual([`nowpayments:${payment.paymentId}:finished`]);
  });

  it('refuses an IPN with a bad or missing signature, and the order stays pending', async () => {
    const payment = await createPayment();
    const body = ipnBody(payment.paymentId);
    const forged = [
      signIpnBody(body, 'not-the-secret'),
      signIpnBody({ ...body, payment_status: 'waiting' }, IPN_SECRET),
      'zz',
      null,
    ];
    for (const signature of forged) {
      const response = await postIpn(body, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: INVALID_IPN_SIGNATURE_MESSAGE });
    }
    // Signed, then changed on the way: the signature covers every key, even unread ones.
    const signature = signIpnBody(body, IPN_SECRET);
    expect((await postIpn({ ...body, purchase_id: 'tampered' }, signature)).statusCode).toBe(400);
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'pending' });
  });

  it('gives one completed order and one purchase notification for replayed IPNs', async () => {
    const payment = await createPayment();
    const body = ipnBody(payment.paymentId);
    const concurrent = await Promise.all(Array.from({ length: 6 }, () => postIpn(body)));
    const later = await postIpn(body);
    expect([...concurrent, later].map((response) => response.statusCode)).toEqual(Array(7).fill(200));
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect(await notificationsOf(t.database.db, payment.orderId)).toHaveLength(1);
    expect(await processedEventIds(t.database.db)).toEqual([`nowpayments:${payment.paymentId}:finished`]);
  });

  it('does not complete an order when the notified amount or order differs', async () => {
    const payment = await createPayment();
    const other = await createPayment();
    const mismatches = [
      ipnBody(payment.paymentId, { price_amount: 1 }),
      ipnBody(payment.paymentId, { price_amount: 15.989 }),
      ipnBody(payment.paymentId, { order_id: other.orderId }),
    ];
    for (const body of mismatches) expect((await postIpn(body)).statusCode).toBe(200);
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'pending' });
    expect(await orderRow(t.database.db, other.orderId)).toMatchObject({ paymentStatus: 'pending' });
  });

  it('completes the order on a correct notice that follows an ignored one with the same status', async () => {
    const payment = await createPayment();
    expect((await postIpn(ipnBody(payment.paymentId, { price_amount: 1 }))).statusCode).toBe(200);
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'pending' });
    expect(await processedEventIds(t.database.db)).toEqual([]);

    expect((await postIpn(ipnBody(payment.paymentId))).statusCode).toBe(200);
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect(await notificationsOf(t.database.db, payment.orderId)).toHaveLength(1);
    expect(await processedEventIds(t.database.db)).toEqual([`nowpayments:${payment.paymentId}:finished`]);
  });

  it('refuses a signed IPN whose body is not a payment notice', async () => {
    const response = await postIpn({ hello: 'world' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid IPN body' });
  });

  it('has no demo simulator', async () => {
    const payment = await createPayment();
    const response = await t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${payment.paymentId}/simulate`, payload: { status: 'finished' } });
    expect(response.statusCode).toBe(404);
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'pending' });
  });
});

describe('NOWPayments client', () => {
  it('reports an unreachable NOWPayments as a 502', async () => {
    const down = await startNowPaymentsStandIn({ apiKey: API_KEY });
    await down.close();
    const provider = createNowPayments({ apiUrl: down.url, apiKey: API_KEY });
    const input = { orderId: 'SP-1-000001', priceAmountCents: 1599, ipnCallbackUrl: 'https://shop.example.com/api/crypto/ipn', description: 'test' };
    await expect(provider.createPayment(input)).rejects.toMatchObject({
      statusCode: 502,
      message: 'The crypto payment provider could not be reached. Please try again in a moment.',
    });
  });

  it('reports an answer it cannot read as a 502', async () => {
    standIn.reset();
    const provider = createNowPayments({ apiUrl: standIn.url, apiKey: API_KEY });
    await expect(provider.getPaymentStatus('123')).rejects.toMatchObject({ statusCode: 502, message: expect.stringContaining('Payment not found') });
    standIn.failNext(200, { unexpected: true });
    await expect(provider.getPaymentStatus('123')).rejects.toMatchObject({ statusCode: 502, message: 'The crypto payment provider sent an answer this store does not understand.' });
  });
});

describe('crypto configuration', () => {
  it('stops start-up when NOWPAYMENTS_API_KEY is set without NOWPAYMENTS_IPN_SECRET', () => {
    expect(() => parseEnv({ NOWPAYMENTS_API_KEY: API_KEY })).toThrow(
      'Invalid configuration: NOWPAYMENTS_IPN_SECRET is required when NOWPAYMENTS_API_KEY is set',
    );
    expect(parseEnv({ NOWPAYMENTS_API_KEY: API_KEY, NOWPAYMENTS_IPN_SECRET: IPN_SECRET }).NOWPAYMENTS_IPN_SECRET).toBe(IPN_SECRET);
  });
});
