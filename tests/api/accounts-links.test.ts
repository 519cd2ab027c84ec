import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, mailOutbox, setupTokens, subscriptions } from '../../src/server/schema';
import {
  lastMailTo,
  loginCustomer,
  newRegistration,
  placeTestOrder,
  registerCustomer,
  sessionCookieOf,
  setupTokenIn,
} from '../support/customers';
import { useTestApp } from '../support/test-app';

type T = ReturnType<typeof useTestApp>;

const checkToken = (t: T, token: string) => t.app.inject({ method: 'GET', url: `/api/setup/${token}` });
const setPassword = (t: T, token: string, password = 'brand-new-pass', confirmPassword = password) =>
  t.app.inject({ method: 'POST', url: '/api/setup-password', payload: { token, password, confirmPassword } });
const orderList = (t: T, cookies: { sid: string }) => t.app.inject({ method: 'GET', url: '/api/customer/orders', cookies });

/** A guest's paid order and the setup link the store emails for it. */
async function guestOrderWithLink(t: T, email = 'buyer@example.com') {
  const order = await placeTestOrder(t.database.db, { email, firstName: 'Grace' });
  await t.services.accountLinks.sendSetupLink({ customerId: order.customerId!, orderId: order.id });
  const mail = await lastMailTo(t.database.db, email);
  return { order, mail: mail!, token: setupTokenIn(mail!.text) };
}

describe('setup links', () => {
  const t = useTestApp();

  it('emails a link to PUBLIC_URL/setup/<token> that names the order', async () => {
    const { order, mail } = await guestOrderWithLink(t);
    expect(mail.subject).toBe('Set up your StreamPlus account');
    expect(mail.text).toMatch(/^http:\/\/localhost:5000\/setup\/[A-Za-z0-9_-]{43}$/m);
    expect(mail.text).toContain(order.id);
    expect(mail.text).toContain('Hello Grace,');
  });

  it('stores only a hash of the token, valid for 48 hours', async () => {
    const { token } = await guestOrderWithLink(t);
    const [row] = await t.database.db.select().from(setupTokens);
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.purpose).toBe('setup');
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(48, 1);
  });

  it('checks a token: valid with the first name and email, else 404', async () => {
    const { token } = await guestOrderWithLink(t);
    const ok = await checkToken(t, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true, customer: { firstName: 'Grace', email: 'buyer@example.com' }, purpose: 'setup' });

    const wrong = await checkToken(t, 'A'.repeat(43));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ valid: false, message: 'This setup link is invalid or expired' });
  });

  it('sets the password, makes the account and signs it in', async () => {
    const { token, order } = await guestOrderWithLink(t);
    const response = await setPassword(t, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().customer).toMatchObject({ firstName: 'Grace', email: 'buyer@example.com', hasAccount: true });

    const cookies = sessionCookieOf(response);
    const orders = await orderList(t, cookies);
    expect(orders.json().map((o: { id: string }) => o.id)).toEqual([order.id]);
    await loginCustomer(t.app, 'buyer@example.com', 'brand-new-pass');
  });

  it('works once: a used link is refused and no longer checks as valid', async () => {
    const { token } = await guestOrderWithLink(t);
    expect((await setPassword(t, token)).statusCode).toBe(200);
    const again = await setPassword(t, token, 'attacker-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'This setup link is invalid or expired' });
    expect((await checkToken(t, token)).statusCode).toBe(404);
    await loginCustomer(t.app, 'buyer@example.com', 'brand-new-pass');
  });

  it('lets exactly one of many concurrent uses of a link through', async () => {
    const { token } = await guestOrderWithLink(t);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => setPassword(t, token, `password-${i}`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
  });

  it('refuses an expired link', async () => {
    const { token } = await guestOrderWithLink(t);
    await t.database.db.update(setupTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await checkToken(t, token)).statusCode).toBe(404);
    expect((await setPassword(t, token)).statusCode).toBe(400);
  });

  it('ends the other links of the customer once one is used', async () => {
    const first = await guestOrderWithLink(t);
    await t.services.accountLinks.sendSetupLink({ customerId: first.order.customerId! });
    const second = setupTokenIn((await lastMailTo(t.database.db, 'buyer@example.com'))!.text);
    expect(second).not.toBe(first.token);
    expect((await setPassword(t, second)).statusCode).toBe(200);
    expect((await checkToken(t, first.token)).statusCode).toBe(404);
  });

  it.each([
    [{ token: '' }, 'Setup token is required'],
    [{ token: undefined }, 'Setup token is required'],
    [{ password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
    [{ confirmPassword: 'different-pass' }, "Passwords don't match"],
    [{ confirmPassword: '' }, 'Please confirm your password'],
  ])('refuses %o with "%s"', async (change, message) => {
    const payload = { token: 'x'.repeat(43), password: 'brand-new-pass', confirmPassword: 'brand-new-pass', ...change };
    const response = await t.app.inject({ method: 'POST', url: '/api/setup-password', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('an address with guest orders registers', () => {
  const t = useTestApp();

  it('gets an account that sees none of those orders until the emailed link proves the address', async () => {
    const guestOrder = await placeTestOrder(t.database.db, { email: 'owner@example.com', firstName: 'Grace' });
    await t.database.db.insert(subscriptions).values({
      customerId: guestOrder.customerId!,
      packageId: 'streaming-box',
      orderId: guestOrder.id,
      expirationDate: new Date(Date.now() + 86_400_000),
    });

    // Anyone can register the address; the session sees nothing bought before.
    const { cookies, customer } = await registerCustomer(t.app, { email: 'owner@example.com', firstName: 'Mallory' });
    expect(customer.id).not.toBe(guestOrder.customerId);
    expect((await orderList(t, cookies)).json()).toEqual([]);

    // The link goes to the address, written with the account.
    const mail = await lastMailTo(t.database.db, 'owner@example.com');
    expect(mail!.subject).toBe('Confirm your email to add your earlier orders');
    const token = setupTokenIn(mail!.text);
    expect((await checkToken(t, token)).json().customer).toEqual({ firstName: 'Grace', email: 'owner@example.com' });

    // The address's owner uses it: the account owns the orders and the subscription, with the owner's password.
    const proven = await setPassword(t, token, 'owners-password');
    expect(proven.statusCode).toBe(200);
    expect(proven.json().customer.id).toBe(customer.id);
    const ownerCookies = sessionCookieOf(proven);
    expect((await orderList(t, ownerCookies)).json().map((o: { id: string }) => o.id)).toEqual([guestOrder.id]);
    const [subscription] = await t.database.db.select().from(subscriptions);
    expect(subscription!.customerId).toBe(customer.id);
    expect(await t.database.db.select().from(customers).where(eq(customers.email, 'owner@example.com'))).toHaveLength(1);

    // Whoever registered first is signed out and their password no longer works.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies })).json()).toBeNull();
    const old = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'owner@example.com', password: 'analytical-engine' } });
    expect(old.statusCode).toBe(401);
    await loginCustomer(t.app, 'owner@example.com', 'owners-password');
  });

  it('answers the same whether or not the address had guest orders', async () => {
    await placeTestOrder(t.database.db, { email: 'had-orders@example.com' });
    const withOrders = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration({ email: 'had-orders@example.com' }) });
    const without = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration({ email: 'fresh@example.com' }) });
    expect(withOrders.statusCode).toBe(without.statusCode);
    expect(Object.keys(withOrders.json().customer)).toEqual(Object.keys(without.json().customer));
    expect(await lastMailTo(t.database.db, 'fresh@example.com')).toBeUndefined();
  });

  it('puts later guest orders of an unproven account on the guest row, never on the account', async () => {
    const { cookies } = await registerCustomer(t.app, { email: 'squatted@example.com' });
    const later = await placeTestOrder(t.database.db, { email: 'squatted@example.com' });
    expect((await orderList(t, cookies)).json()).toEqual([]);
    // The buyer's setup link then proves the address and joins the order to the account.
    await t.services.accountLinks.sendSetupLink({ customerId: later.customerId!, orderId: later.id });
    const token = setupTokenIn((await lastMailTo(t.database.db, 'squatted@example.com'))!.text);
    const proven = await setPassword(t, token);
    expect((await orderList(t, sessionCookieOf(proven))).json().map((o: { id: string }) => o.id)).toEqual([later.id]);
  });

  it('puts guest orders of a proven account on the account', async () => {
    const { token } = await guestOrderWithLink(t, 'proven@example.com');
    const cookies = sessionCookieOf(await setPassword(t, token));
    const next = await placeTestOrder(t.database.db, { email: 'PROVEN@example.com' });
    expect((await orderList(t, cookies)).json().map((o: { id: string }) => o.id)).toContain(next.id);
  });
});

describe('POST /api/resend-setup-link', () => {
  const t = useTestApp();
  const ANSWER = { message: 'If the order matches, we have emailed a new link.' };
  const resend = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/resend-setup-link',
      payload: { firstName: 'Grace', lastName: 'Hopper', email: 'buyer@example.com', ...payload },
      remoteAddress,
    });
  const mails = () => t.database.db.select().from(mailOutbox);

  it('emails a new link to the order\'s address when its customer has no password', async () => {
    const order = await placeTestOrder(t.database.db, { email: 'buyer@example.com' });
    const response = await resend({ orderId: order.id, email: 'Buyer@Example.com', phone: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(ANSWER);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('buyer@example.com');
    expect((await checkToken(t, setupTokenIn(sent[0]!.text))).statusCode).toBe(200);
  });

  it('needs only the email and the order id: the names and phone are optional', async () => {
    const order = await placeTestOrder(t.database.db, { email: 'buyer@example.com' });
    const response = await t.app.inject({ method: 'POST', url: '/api/resend-setup-link', payload: { email: 'buyer@example.com', orderId: order.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(ANSWER);
    expect(await mails()).toHaveLength(1);
  });

  it('answers the same and sends nothing for an unknown order, another address, or a customer with a password', async () => {
    const order = await placeTestOrder(t.database.db, { email: 'buyer@example.com' });
    const { customer } = await registerCustomer(t.app, { email: 'member@example.com' });
    const memberOrder = await placeTestOrder(t.database.db, { email: 'member@example.com' }, { signedInCustomerId: customer.id });
    const answers = [
      await resend({ orderId: 'SP-1-000000' }),
      await resend({ orderId: order.id, email: 'attacker@example.com' }),
      await resend({ orderId: memberOrder.id, email: 'member@example.com' }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(ANSWER);
    }
    expect(await mails()).toEqual([]);
  });

  it.each([
    [{ orderId: '' }, 'Order ID is required'],
    [{ orderId: undefined }, 'Order ID is required'],
    [{ orderId: 'SP-1-1', email: 'nope' }, 'Invalid email address'],
  ])('refuses %o with "%s"', async (payload, message) => {
    const response = await resend(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('limits requests per order (5 an hour) whether or not the order exists', async () => {
    const order = await placeTestOrder(t.database.db, { email: 'buyer@example.com' });
    for (const orderId of [order.id, 'SP-9-999999']) {
      // Another address each time, past the limit of emails to one address (5 an hour).
      const email = (i: number) => (orderId === order.id ? 'buyer@example.com' : `guess${i}@example.com`);
      for (let i = 0; i < 5; i += 1) expect((await resend({ orderId, email: email(i) }, `10.0.0.${i}`)).statusCode).toBe(200);
      const limited = await resend({ orderId, email: email(5) }, '10.0.1.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
    }
    expect(await mails()).toHaveLength(5);
  });

  it('limits requests per address (20 an hour)', async () => {
    for (let i = 0; i < 20; i += 1) {
      expect((await resend({ orderId: `SP-1-${100000 + i}`, email: `buyer${i}@example.com` }, '10.7.7.7')).statusCode).toBe(200);
    }
    expect((await resend({ orderId: 'SP-1-200000' }, '10.7.7.7')).statusCode).toBe(429);
  });
});

describe('POST /api/forgot-password', () => {
  const t = useTestApp();
  const ANSWER = { message: 'If an account exists for this email, we have emailed a link to reset the password.' };
  const forgot = (email: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress });

  it('emails a reset link that sets a new password and signs out every other session', async () => {
    const { customer, cookies: elsewhere } = await registerCustomer(t.app);
    const response = await forgot(customer.email.toUpperCase());
    expect(response.json()).toEqual(ANSWER);
    const mail = await lastMailTo(t.database.db, customer.email);
    expect(mail!.subject).toBe('Reset your StreamPlus password');
    const token = setupTokenIn(mail!.text);
    expect((await checkToken(t, token)).json()).toMatchObject({ valid: true, purpose: 'reset' });

    const reset = await setPassword(t, token, 'my-new-password');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().customer.id).toBe(customer.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: elsewhere })).json()).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: customer.email, password: 'analytical-engine' } })).statusCode).toBe(401);
    await loginCustomer(t.app, customer.email, 'my-new-password');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await forgot('nobody@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(ANSWER);
    expect(await t.database.db.select().from(mailOutbox)).toEqual([]);
  });

  it('sends a setup link to an address that has only guest orders', async () => {
    await placeTestOrder(t.database.db, { email: 'guest@example.com' });
    await forgot('guest@example.com');
    const mail = await lastMailTo(t.database.db, 'guest@example.com');
    expect(mail!.subject).toBe('Set up your StreamPlus account');
  });

  it('refuses a malformed address and limits requests per address', async () => {
    expect((await forgot('nope')).json()).toEqual({ message: 'Invalid email address' });
    for (let i = 0; i < 5; i += 1) expect((await forgot('someone@example.com', `10.0.0.${i}`)).statusCode).toBe(200);
    expect((await forgot('someone@example.com', '10.0.2.1')).statusCode).toBe(429);
  });
});
