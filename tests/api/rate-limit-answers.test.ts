import { describe, expect, it } from 'vitest';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { cryptoForm, getCryptoStatus, postCryptoPayment } from '../support/crypto';
import { newRegistration } from '../support/customers';
import { useTestApp } from '../support/test-app';

/** A 429 says when to come back, in seconds (RFC 9110 Retry-After), within the limit's window. */
function expectRetryAfter(response: { statusCode: number; headers: Record<string, unknown> }, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(windowSeconds - 60);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
}

describe('429 answers', () => {
  const t = useTestApp();

  it('carry Retry-After for coupon checks (60 per 10 minutes)', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const check = () => t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: { code: 'GUESS', packageId: oneMonth.id, subtotalAmount: '15.99' } });
    for (let i = 0; i < 60; i += 1) await check();
    expectRetryAfter(await check(), 600);
  });

  it('carry Retry-After for sign-ups (20 per hour)', async () => {
    // The first signs up; the next 19 are refused as taken, and count too.
    const register = () => t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration({ email: 'ada@example.com' }) });
    for (let i = 0; i < 20; i += 1) await register();
    expectRetryAfter(await register(), 3600);
  });

  it('carry Retry-After for failed sign-ins (10 per 15 minutes)', async () => {
    const login = (i: number) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email: `nobody${i}@example.com`, password: 'wrong-password' } });
    for (let i = 0; i < 10; i += 1) await login(i);
    expectRetryAfter(await login(10), 900);
  });
});

describe('payment checks, which each ask the provider', () => {
  const t = useTestApp();

  it('let a checkout page poll a crypto payment every 10 s, and limit an address to 180 in 10 minutes', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const payment = (await postCryptoPayment(t.app, cryptoForm(oneMonth.id))).json<{ paymentId: string }>();
    // Ten minutes of the page's polling, then more than two other pages' worth.
    for (let i = 0; i < 180; i += 1) expect((await getCryptoStatus(t.app, payment.paymentId)).statusCode).toBe(200);
    const refused = await getCryptoStatus(t.app, payment.paymentId);
    expectRetryAfter(refused, 600);
    expect(refused.json().message).toMatch(/^Too many payment checks from your network\. Please try again in 10 minutes\.$/);
    // Another address still polls.
    expect((await t.app.inject({ method: 'GET', url: `/api/crypto-payment/${payment.paymentId}`, remoteAddress: '10.4.0.1' })).statusCode).toBe(200);
  });

  it('count card payment notices with them', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const { order, clientSecret } = (await postCheckout(t.app, checkoutForm(oneMonth.id))).json();
    const notice = () =>
      t.app.inject({ method: 'POST', url: '/api/webhook/payment-success', payload: { orderId: order.id, paymentIntentId: intentIdOf(clientSecret) } });
    for (let i = 0; i < 180; i += 1) expect((await notice()).statusCode).not.toBe(429);
    expectRetryAfter(await notice(), 600);
  });
});
