import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, orders, trialClaims } from '../../src/server/schema';
import { newRegistration, sessionCookieOf } from '../support/customers';
import { useTestApp } from '../support/test-app';

describe('POST /api/register-trial', () => {
  const t = useTestApp();
  const HOUR = 3_600_000;

  const signUp = (overrides: Record<string, unknown> = {}, cookies: Record<string, string> = {}, url = '/api/register-trial') =>
    t.app.inject({ method: 'POST', url, payload: newRegistration({ signupType: 'trial', ...overrides }), cookies });
  const browserCookie = (response: { cookies: Array<{ name: string; value: string }> }) => ({
    bid: response.cookies.find((c) => c.name === 'bid')!.value,
  });

  it('creates the account, signs it in and gives a one-device 36-hour trial at once', async () => {
    const startedAt = Date.now();
    const response = await signUp({ firstName: 'Tina' });
    expect(response.statusCode).toBe(201);
    expect(response.json().customer).toMatchObject({ firstName: 'Tina', hasAccount: true });
    const cookies = sessionCookieOf(response);

    const list = await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies });
    expect(list.statusCode).toBe(200);
    const [trial] = list.json();
    expect(trial).toMatchObject({ status: 'active', deviceCount: 1, package: { id: 'trial-36h' } });
    const hours = (new Date(trial.expirationDate).getTime() - startedAt) / HOUR;
    expect(hours).toBeGreaterThan(35.9);
    expect(hours).toBeLessThan(36.1);
    expect(trial.deviceCredentials).toHaveLength(1);

    const myOrders = (await t.app.inject({ method: 'GET', url: '/api/customer/orders', cookies })).json();
    expect(myOrders).toEqual([expect.objectContaining({ paymentStatus: 'completed', totalAmount: '0.00', packageName: '36-Hour Free Trial' })]);
  });

  it('gives the trial through /api/register with signupType trial as well', async () => {
    const response = await signUp({}, {}, '/api/register');
    expect(response.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies: sessionCookieOf(response) });
    expect(list.json()).toHaveLength(1);
  });

  it('refuses a second trial for an address, before making an account', async () => {
    const first = await signUp({ email: 'once@example.com' });
    expect(first.statusCode).toBe(201);
    // The address already has an account: refused whichever rule speaks first.
    const again = await signUp({ email: 'once@example.com' });
    expect(again.statusCode).toBe(409);

    // An address whose trial was taken at checkout, without an account, gets no account either.
    await t.database.db.insert(trialClaims).values({ email: 'checkout-trial@example.com', browserId: null, orderId: null });
    const refused = await signUp({ email: 'checkout-trial@example.com' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This email address has already used its free trial' });
    expect(await t.database.db.select().from(customers).where(eq(customers.email, 'checkout-trial@example.com'))).toEqual([]);
  });

  it('refuses a second trial for another spelling of the same Gmail mailbox, without a browser cookie', async () => {
    expect((await signUp({ email: 'jane.doe@gmail.com' })).statusCode).toBe(201);
    for (const email of ['janedoe@gmail.com', 'Jane.Doe+1@gmail.com', 'j.a.n.e.d.o.e@googlemail.com']) {
      const refused = await signUp({ email }, {}, '/api/register-trial');
      expect(refused.statusCode, email).toBe(409);
      expect(refused.json()).toEqual({ message: 'This email address has already used its free trial' });
    }
    expect(await t.database.db.select().from(customers)).toHaveLength(1);
    expect(await t.database.db.select({ email: trialClaims.email }).from(trialClaims)).toEqual([{ email: 'janedoe@gmail.com' }]);
  });

  it('gives a network 3 free trials a day (decision 0101), then 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) expect((await signUp()).statusCode).toBe(201);
    const limited = await signUp();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many free trials from your network today. Please try again tomorrow.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.database.db.select().from(customers)).toHaveLength(3);
    // Nor does the checkout give one from there.
    const atCheckout = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { firstName: 'Ada', lastName: 'Lovelace', email: 'sixth@example.com', packageId: 'trial-36h', deviceCount: '1' },
    });
    expect(atCheckout.statusCode).toBe(429);
    expect(await t.database.db.select().from(orders)).toHaveLength(3);
    expect((await t.app.inject({ method: 'POST', url: '/api/register-trial', payload: newRegistration({ signupType: 'trial' }), remoteAddress: '10.8.0.1' })).statusCode).toBe(201);
  });

  it('refuses a second trial from the same browser', async () => {
    const first = await signUp();
    const refused = await signUp({}, browserCookie(first));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'A free trial has already been used on this browser' });
    expect(await t.database.db.select().from(orders)).toHaveLength(1);
  });

  it('validates the form as registration does', async () => {
    const response = await signUp({ confirmPassword: 'not-the-same' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Passwords don't match" });
  });
});
