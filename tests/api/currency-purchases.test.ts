import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { coupons, orders, packagePrices } from '../../src/server/schema';
import { createNowPayments } from '../../src/server/providers/crypto/nowpayments';
import { signIpnBody } from '../../src/server/providers/crypto/index';
import { orderAction, stripeRefunds } from '../support/admin-order-actions';
import { signInAdmin } from '../support/admins';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { cryptoForm, postCryptoPayment } from '../support/crypto';
import { startNowPaymentsStandIn } from '../support/nowpayments-stand-in';
import { STRIPE_TEST_SETTINGS, useStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { useTestApp } from '../support/test-app';

/**
 * Buying in each currency of the price lists (decision 0104): the card provider and the crypto
 * provider, through local stand-ins of their APIs, receive exactly the order's amount in the
 * order's currency; the order keeps its currency.
 */

/** One month with two devices: the seeded price plus one extra device's fee, in each currency. */
const TWO_DEVICES_ONE_MONTH = [
  ['USD', '21.98', 2198],
  ['EUR', '20.48', 2048],
  ['GBP', '17.98', 1798],
  ['BRL', '109.98', 10998],
] as const;

const API_KEY = 'np-test-key-currencies';
const IPN_SECRET = 'np-test-ipn-secret-currencies';
const nowPayments = await startNowPaymentsStandIn({ apiKey: API_KEY });
afterAll(() => nowPayments.close());

describe('card purchases in each currency through Stripe', () => {
  const standIn = useStripeStandIn();
  const t = useTestApp(STRIPE_TEST_SETTINGS, { providers: standIn.providers });
  let stripe: StripeStandIn;
  beforeEach(() => {
    stripe = standIn.stripe();
  });
  const orderRow = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const paymentSuccess = (orderId: string, paymentIntentId: string) =>
    t.app.inject({ method: 'POST', url: '/api/webhook/payment-success', payload: { orderId, paymentIntentId } });

  async function buy(currency: string, overrides: Record<string, unknown> = {}) {
    const { oneMonth } = await seededPackages(t.app);
    const response = await postCheckout(t.app, checkoutForm(oneMonth.id, { deviceCount: '2', currency, ...overrides }));
    expect(response.statusCode, response.body).toBe(200);
    const { order, clientSecret } = response.json<{ order: { id: string; totalAmount: string; currency: string }; clientSecret: string }>();
    return { order, intentId: intentIdOf(clientSecret) };
  }

  it.each(TWO_DEVICES_ONE_MONTH)('charges %s %s, and completes the order once Stripe confirms that amount in that currency', async (currency, total, minor) => {
    const { order, intentId } = await buy(currency);
    expect(order).toMatchObject({ totalAmount: total, currency });
    expect(stripe.intents.get(intentId)).toMatchObject({ amount: minor, currency: currency.toLowerCase(), metadata: { orderId: order.id } });
    const creation = stripe.requests.find((r) => r.method === 'POST' && r.form['metadata[orderId]'] === order.id)!;
    expect(creation.form).toMatchObject({ amount: String(minor), currency: currency.toLowerCase() });

    stripe.settle(intentId, 'succeeded');
    expect((await paymentSuccess(order.id, intentId)).statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'completed', totalAmount: total, currency });
  });

  it('refuses to complete an order whose payment came in another currency, even for the same number', async () => {
    const { order, intentId } = await buy('EUR');
    const intent = stripe.settle(intentId, 'succeeded');
    intent.currency = 'gbp';
    const answer = await paymentSuccess(order.id, intentId);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'The payment amount does not match the order' });
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
  });

  it('refunds a EUR order in EUR, its whole total', async () => {
    const { order, intentId } = await buy('EUR');
    stripe.settle(intentId, 'succeeded');
    expect((await paymentSuccess(order.id, intentId)).statusCode).toBe(200);
    await t.services.jobs.drain();
    const refund = await orderAction(t, 'refund', order.id, await signInAdmin(t));
    expect(refund.statusCode, refund.body).toBe(200);
    expect(stripeRefunds(stripe, intentId).made).toEqual([expect.objectContaining({ amount: 2048, currency: 'eur', status: 'succeeded' })]);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: '20.48', currency: 'EUR' });
  });

  it('refuses an unknown currency at checkout with a 400 naming the supported ones', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const response = await postCheckout(t.app, checkoutForm(oneMonth.id, { currency: 'JPY' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Unsupported currency. Supported currencies: USD, EUR, GBP, BRL' });
  });

  it('refuses a package that has no BRL price when bought in BRL, and sells it in EUR still', async () => {
    const { twelveMonths } = await seededPackages(t.app);
    await t.database.db.delete(packagePrices).where(and(eq(packagePrices.packageId, twelveMonths.id), eq(packagePrices.currency, 'BRL')));
    const response = await postCheckout(t.app, checkoutForm(twelveMonths.id, { currency: 'BRL' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: '12 Months Premium is not available in BRL' });
    const eur = await postCheckout(t.app, checkoutForm(twelveMonths.id, { currency: 'EUR' }));
    expect(eur.json()).toMatchObject({ order: { totalAmount: '109.99', currency: 'EUR' } });
  });
});

describe('coupons and currencies', () => {
  const t = useTestApp();

  async function fixedCoupon(code: string, currency: 'USD' | 'EUR', value = '5.00') {
    await t.database.db.insert(coupons).values({ code, description: `${value} off`, type: 'fixed', value, currency });
  }
  const validate = (code: string, packageId: string, currency?: string) =>
    t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: { code, packageId, subtotalAmount: '0', deviceCount: 1, ...(currency ? { currency } : {}) } });

  it('refuses a fixed USD coupon on a EUR order with a 400, and takes it on a USD one', async () => {
    await fixedCoupon('FIVEUSD', 'USD');
    const { oneMonth } = await seededPackages(t.app);
    const eur = await postCheckout(t.app, checkoutForm(oneMonth.id, { currency: 'EUR', couponCode: 'FIVEUSD' }));
    expect(eur.statusCode).toBe(400);
    expect(eur.json()).toEqual({ message: 'This coupon is only valid for orders in USD' });
    const usd = await postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode: 'FIVEUSD' }));
    expect(usd.json()).toMatchObject({ order: { couponDiscount: '5.00', totalAmount: '10.99', currency: 'USD' } });
    expect((await validate('FIVEUSD', oneMonth.id, 'EUR')).json()).toEqual({ valid: false, error: 'This coupon is only valid for orders in USD' });
  });

  it('takes a fixed EUR coupon on a EUR order only', async () => {
    await fixedCoupon('FIVEEUR', 'EUR');
    const { oneMonth } = await seededPackages(t.app);
    const eur = await postCheckout(t.app, checkoutForm(oneMonth.id, { currency: 'EUR', couponCode: 'FIVEEUR' }));
    expect(eur.json()).toMatchObject({ order: { subtotalAmount: '14.99', couponDiscount: '5.00', totalAmount: '9.99', currency: 'EUR' } });
    const usd = await postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode: 'FIVEEUR' }));
    expect(usd.json()).toEqual({ message: 'This coupon is only valid for orders in EUR' });
  });

  it('applies a percentage coupon in any currency, on that currency\'s price', async () => {
    await t.database.db.insert(coupons).values({ code: 'TENOFF', description: '10% off', type: 'percentage', value: '10.00' });
    const { oneMonth } = await seededPackages(t.app);
    const brl = await validate('TENOFF', oneMonth.id, 'BRL');
    expect(brl.json()).toEqual({ valid: true, coupon: expect.objectContaining({ code: 'TENOFF', discountAmount: '8.00' }) });
    const order = await postCheckout(t.app, checkoutForm(oneMonth.id, { currency: 'BRL', couponCode: 'TENOFF' }));
    expect(order.json()).toMatchObject({ order: { subtotalAmount: '79.99', couponDiscount: '8.00', totalAmount: '71.99', currency: 'BRL' } });
  });

  it('keeps a percentage coupon with a cap in dollars (WELCOME10, at most 20.00) to USD orders', async () => {
    const { oneMonth } = await seededPackages(t.app);
    expect((await validate('WELCOME10', oneMonth.id, 'GBP')).json()).toEqual({ valid: false, error: 'This coupon is only valid for orders in USD' });
    expect((await validate('WELCOME10', oneMonth.id)).json()).toMatchObject({ valid: true, coupon: { discountAmount: '1.60' } });
  });

  it('refuses an unknown currency on the coupon check too', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const response = await validate('WELCOME10', oneMonth.id, 'XXX');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Unsupported currency. Supported currencies: USD, EUR, GBP, BRL' });
  });
});

describe('crypto purchases in each currency through NOWPayments', () => {
  const t = useTestApp(
    { NOWPAYMENTS_API_KEY: API_KEY, NOWPAYMENTS_IPN_SECRET: IPN_SECRET, NOWPAYMENTS_API_URL: nowPayments.url, PUBLIC_URL: 'https://shop.example.com', DEMO_MODE: 'true' },
    { providers: () => ({ crypto: createNowPayments({ apiUrl: nowPayments.url, apiKey: API_KEY, ipnSecret: IPN_SECRET, timeoutMs: 1_500 }) }) },
  );
  beforeEach(() => nowPayments.reset());
  const orderRow = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  function finishedIpn(paymentId: string, priceCurrency: string) {
    const payment = nowPayments.payment(paymentId);
    return {
      payment_id: payment.payment_id,
      payment_status: 'finished',
      pay_address: payment.pay_address,
      price_amount: payment.price_amount,
      price_currency: priceCurrency,
      pay_amount: payment.pay_amount,
      actually_paid: payment.pay_amount,
      pay_currency: 'usdc',
      order_id: payment.order_id,
    };
  }
  const postIpn = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/crypto/ipn', payload: body, headers: { 'x-nowpayments-sig': signIpnBody(body, IPN_SECRET) } });

  it.each(TWO_DEVICES_ONE_MONTH)('prices the invoice at %s %s and completes the order on its IPN', async (currency, total) => {
    const { oneMonth } = await seededPackages(t.app);
    const response = await postCryptoPayment(t.app, cryptoForm(oneMonth.id, { deviceCount: '2', currency }));
    expect(response.statusCode, response.body).toBe(200);
    const { paymentId, orderId } = response.json<{ paymentId: string; orderId: string }>();
    const created = nowPayments.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment')!;
    expect(created.body).toMatchObject({ price_amount: Number(total), price_currency: currency.toLowerCase(), pay_currency: 'usdc', order_id: orderId });
    expect(await orderRow(orderId)).toMatchObject({ totalAmount: total, currency, paymentStatus: 'pending' });

    expect((await postIpn(finishedIpn(paymentId, currency.toLowerCase()))).statusCode).toBe(200);
    expect((await orderRow(orderId)).paymentStatus).toBe('completed');
  });

  it('ignores a notice of the same number in another currency', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const { paymentId, orderId } = (await postCryptoPayment(t.app, cryptoForm(oneMonth.id, { currency: 'EUR' }))).json<{ paymentId: string; orderId: string }>();
    expect((await postIpn(finishedIpn(paymentId, 'usd'))).statusCode).toBe(200);
    expect((await orderRow(orderId)).paymentStatus).toBe('pending');
  });
});
