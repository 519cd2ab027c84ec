import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_ID_PATTERN } from '../../src/domain/order-id';
import { coupons, demoCryptoPayments, orders } from '../../src/server/schema';
import { FREE_ORDER_MESSAGE } from '../../src/server/features/payments/crypto/service';
import { browserCookieOf, seededPackages, shippingFields } from '../support/checkout';
import { cryptoForm, getCryptoStatus, notificationsOf, orderRow, postCryptoPayment } from '../support/crypto';
import { useTestApp } from '../support/test-app';

describe('crypto checkout with the demo provider', () => {
  const t = useTestApp();
  const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;

  async function createPayment(overrides: Record<string, unknown> = {}) {
    const { oneMonth } = await seededPackages(t.app);
    const response = await postCryptoPayment(t.app, cryptoForm(oneMonth.id, overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ paymentId: string; payAmount: string; payCurrency: string; payAddress: string; orderId: string }>();
  }

  const simulate = (paymentId: string, status: string) =>
    t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${paymentId}/simulate`, payload: { status } });

  it('creates a pending crypto order and a demo USDC payment for its total', async () => {
    const payment = await createPayment();
    expect(payment).toEqual({
      paymentId: expect.stringMatching(/^demo-\d{10}$/),
      payAmount: '15.99',
      payCurrency: 'usdc',
      payAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      orderId: expect.stringMatching(ORDER_ID_PATTERN),
    });
    const order = await orderRow(t.database.db, payment.orderId);
    expect(order).toMatchObject({ paymentMethod: 'crypto', paymentStatus: 'pending', cryptoPaymentId: payment.paymentId, totalAmount: '15.99', selectedGiftCard: 'Amazon' });
  });

  it('prices extra devices on the server and ignores amounts sent by the browser', async () => {
    const payment = await createPayment({ deviceCount: '3', totalAmount: '1.00', price: '0.01' });
    expect(payment.payAmount).toBe('27.97');
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ deviceCount: '3', subtotalAmount: '27.97', totalAmount: '27.97' });
  });

  it('applies a coupon to the amount to pay', async () => {
    const { twelveMonths } = await seededPackages(t.app);
    const response = await postCryptoPayment(t.app, cryptoForm(twelveMonths.id, { couponCode: 'welcome10' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payAmount).toBe('107.99');
    expect(await orderRow(t.database.db, response.json().orderId)).toMatchObject({ couponCode: 'WELCOME10', couponDiscount: '12.00', totalAmount: '107.99' });
  });

  it('refuses bad orders with a clear 400 and creates nothing', async () => {
    const { oneMonth, box } = await seededPackages(t.app);
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [cryptoForm(oneMonth.id, { selectedGiftCard: undefined }), 'Gift card selection is required'],
      [cryptoForm('no-such-package'), 'Unknown package'],
      [cryptoForm(oneMonth.id, { packageId: '' }), 'Package selection is required'],
      [cryptoForm(oneMonth.id, { deviceCount: '9' }), /Device count must be a whole number from 1 to 4/],
      [cryptoForm(oneMonth.id, { couponCode: 'NOPE' }), 'This coupon code is not valid'],
      [cryptoForm(oneMonth.id, { paymentCurrency: 'btc' }), 'Only USDC (Ethereum, ERC-20) payments are accepted'],
      [cryptoForm(oneMonth.id, { customerData: { firstName: '', lastName: 'N', email: 'x@example.com' } }), 'First name is required'],
      [cryptoForm(oneMonth.id, { customerData: undefined }), 'Customer information is required'],
      [cryptoForm(box.id), 'Shipping information is required for streaming box orders'],
    ];
    for (const [form, message] of cases) {
      const response = await postCryptoPayment(t.app, form);
      expect(response.statusCode, JSON.stringify(form)).toBe(400);
      expect(response.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    }
    expect(await orderCount()).toBe(0);
  });

  it('takes the streaming box with its shipping address', async () => {
    const { box } = await seededPackages(t.app);
    const response = await postCryptoPayment(t.app, cryptoForm(box.id, shippingFields));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payAmount).toBe('149.99');
    expect(await orderRow(t.database.db, response.json().orderId)).toMatchObject({ requiresShipping: true, shippingCity: 'Cupertino', shippingCountry: 'US' });
  });

  it('refuses a free total: the trial, or a coupon covering everything, goes through the checkout', async () => {
    const { oneMonth } = await seededPackages(t.app);
    await t.database.db.insert(coupons).values({ code: 'ALLFREE', description: 'Everything free', type: 'percentage', value: '100.00' });
    for (const form of [cryptoForm('trial-36h', { selectedGiftCard: null }), cryptoForm(oneMonth.id, { couponCode: 'ALLFREE' })]) {
      const response = await postCryptoPayment(t.app, form);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: FREE_ORDER_MESSAGE });
    }
    expect(await orderCount()).toBe(0);
  });

  it('answers a double submit from the same browser with the same order and payment', async () => {
    const { oneMonth, twelveMonths } = await seededPackages(t.app);
    const bid = browserCookieOf(await postCryptoPayment(t.app, cryptoForm(twelveMonths.id)));
    const form = cryptoForm(oneMonth.id);
    const answers = await Promise.all([1, 2, 3, 4].map(() => postCryptoPayment(t.app, form, bid)));
    const bodies = answers.map((answer) => answer.json());
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(bodies.map((body) => body.orderId)).size).toBe(1);
    expect(new Set(bodies.map((body) => body.paymentId)).size).toBe(1);
    expect(await orderCount()).toBe(2);
  });

  it('reports the payment status, and 404 for a payment it does not know', async () => {
    const payment = await createPayment();
    const status = await getCryptoStatus(t.app, payment.paymentId);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ paymentStatus: 'waiting' });
    expect((await getCryptoStatus(t.app, 'demo-0000000000')).statusCode).toBe(404);
    expect((await getCryptoStatus(t.app, 'not a/valid id')).statusCode).toBe(404);
  });

  it('completes the order when polling finds the payment finished, even with no notice', async () => {
    const payment = await createPayment();
    await t.database.db.update(demoCryptoPayments).set({ paymentStatus: 'finished' }).where(eq(demoCryptoPayments.paymentId, payment.paymentId));
    expect((await getCryptoStatus(t.app, payment.paymentId)).json()).toEqual({ paymentStatus: 'finished' });
    expect((await getCryptoStatus(t.app, payment.paymentId)).json()).toEqual({ paymentStatus: 'finished' });
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'completed', paidAt: expect.any(Date) });
    expect(await notificationsOf(t.database.db, payment.orderId)).toHaveLength(1);
  });

  it('completes the order once when the demo payment is simulated as received, however often', async () => {
    const payment = await createPayment();
    const answers = await Promise.all([1, 2, 3].map(() => simulate(payment.paymentId, 'finished')));
    expect(answers.map((answer) => answer.json())).toEqual([1, 2, 3].map(() => ({ paymentStatus: 'finished' })));
    expect((await getCryptoStatus(t.app, payment.paymentId)).json()).toEqual({ paymentStatus: 'finished' });
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect(await notificationsOf(t.database.db, payment.orderId)).toHaveLength(1);
  });

  it('holds a partially paid order for review without completing it', async () => {
    const payment = await createPayment();
    expect((await simulate(payment.paymentId, 'partially_paid')).json()).toEqual({ paymentStatus: 'partially_paid' });
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'needs_review', paidAt: null, failureReason: expect.stringContaining('partially paid') });
    expect(await notificationsOf(t.database.db, payment.orderId)).toHaveLength(0);
  });

  it('marks the order failed when the payment fails or expires', async () => {
    for (const status of ['failed', 'expired']) {
      const payment = await createPayment();
      expect((await simulate(payment.paymentId, status)).json()).toEqual({ paymentStatus: status });
      expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'failed', failureReason: expect.stringContaining(status) });
    }
  });

  it('leaves the order pending while the payment is confirming', async () => {
    const payment = await createPayment();
    expect((await simulate(payment.paymentId, 'confirming')).json()).toEqual({ paymentStatus: 'confirming' });
    expect(await orderRow(t.database.db, payment.orderId)).toMatchObject({ paymentStatus: 'pending' });
  });

  it('refuses to simulate an unknown payment or status', async () => {
    const payment = await createPayment();
    expect((await simulate('demo-0000000000', 'finished')).statusCode).toBe(404);
    const bad = await simulate(payment.paymentId, 'paid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Status must be one of/);
  });

  it('accepts no IPN when NOWPayments is not configured', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/crypto/ipn', payload: { payment_id: 1, payment_status: 'finished' } });
    expect(response.statusCode).toBe(404);
  });
});
