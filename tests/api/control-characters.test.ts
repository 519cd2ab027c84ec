import { describe, expect, it } from 'vitest';
import { signInAdmin } from '../support/admins';
import { checkoutForm, seededPackages, shippingFields } from '../support/checkout';
import { cryptoForm } from '../support/crypto';
import { newRegistration } from '../support/customers';
import { useTestApp } from '../support/test-app';

/**
 * Every text a request carries, in a body, a path or a query, refuses NUL and other control
 * characters with a 400 `{ message }`: none reaches the database (where NUL is a 500).
 * Add a route here with a valid body and a sample value for each of its text fields.
 */
interface BodyRoute {
  url: string;
  body: (packageId: string) => Record<string, unknown>;
  /** Each text field (dotted path for nested ones) and a valid sample of it. */
  fields: Record<string, string>;
  /** Sent with an admin session, whose check comes before the body's. */
  admin?: boolean;
}

const names = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+1 555 0100' };
const passwords = { password: 'analytical-engine', confirmPassword: 'analytical-engine' };
const orderFields = {
  packageId: 'one-month',
  paymentMethod: 'card',
  deviceCount: '2',
  couponCode: 'WELCOME10',
  selectedGiftCard: 'Amazon',
  ...shippingFields,
  renewsSubscriptionId: '3f0c9f8e-6a1e-4a8e-9f7e-2b1d7c3a9e10',
};
const { paymentMethod: _card, ...cryptoOrderFields } = orderFields;
const prefixed = (prefix: string, fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [`${prefix}.${key}`, value]));

const BODY_ROUTES: BodyRoute[] = [
  { url: '/api/register', body: () => newRegistration(), fields: { ...names, ...passwords, signupType: 'account' } },
  { url: '/api/register-trial', body: () => newRegistration(), fields: { ...names, ...passwords, signupType: 'trial' } },
  { url: '/api/login', body: () => ({ email: 'nobody@example.com', ...passwords }), fields: { email: names.email, password: passwords.password } },
  { url: '/api/setup-password', body: () => ({ token: 'no-such-token', ...passwords }), fields: { token: 'a'.repeat(43), ...passwords } },
  {
    url: '/api/resend-setup-link',
    body: () => ({ ...names, orderId: 'SP-1-000001' }),
    fields: { ...names, orderId: 'SP-1-000001' },
  },
  { url: '/api/forgot-password', body: () => ({ email: names.email }), fields: { email: names.email } },
  { url: '/api/checkout', body: (packageId) => checkoutForm(packageId), fields: { ...names, ...orderFields } },
  {
    url: '/api/validate-coupon',
    body: (packageId) => ({ code: 'WELCOME10', packageId, subtotalAmount: '15.99' }),
    fields: { code: 'WELCOME10', packageId: 'one-month', subtotalAmount: '15.99', deviceCount: '1' },
  },
  {
    url: '/api/webhook/payment-success',
    body: () => ({ orderId: 'SP-1-000001', paymentIntentId: 'pi_123' }),
    fields: { orderId: 'SP-1-000001', paymentIntentId: 'pi_123' },
  },
  {
    url: '/api/create-crypto-payment',
    body: (packageId) => cryptoForm(packageId),
    fields: { ...prefixed('customerData', names), ...cryptoOrderFields, paymentCurrency: 'usdc' },
  },
  {
    url: '/api/demo/payment-intents/pi_123/confirm',
    body: () => ({ cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }),
    fields: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  },
  { url: '/api/demo/crypto-payments/123/simulate', body: () => ({ status: 'finished' }), fields: { status: 'finished' } },
  { url: '/api/admin/login', body: () => ({ username: 'owner', password: 'wrong-password' }), fields: { username: 'owner', password: 'owner-password-123' } },
  {
    url: '/api/admin/create-customer',
    body: () => ({ ...names, orderId: 'SP-1-000001' }),
    fields: { ...names, orderId: 'SP-1-000001' },
    admin: true,
  },
];

/** Paths whose one placeholder takes text that reaches the database or a provider. */
const PATH_ROUTES: Array<{ method: 'GET' | 'POST'; url: (value: string) => string; sample: string; body?: object }> = [
  { method: 'GET', url: (id) => `/api/crypto-payment/${id}`, sample: '5077125051' },
  { method: 'GET', url: (token) => `/api/setup/${token}`, sample: 'a'.repeat(43) },
  { method: 'POST', url: (id) => `/api/subscriptions/${id}/activate`, sample: orderFields.renewsSubscriptionId },
  {
    method: 'POST',
    url: (id) => `/api/demo/payment-intents/${id}/confirm`,
    sample: 'pi_123',
    body: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
  },
  { method: 'POST', url: (id) => `/api/demo/crypto-payments/${id}/simulate`, sample: '123', body: { status: 'finished' } },
];

const CONTROL_CHARACTERS = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
] as const;

/** The sample with the character after its first letter: 'A\u0000da'. */
const spoiled = (sample: string, character: string) => `${sample.slice(0, 1)}${character}${sample.slice(1)}`;

function withValue(body: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...body, [head!]: value };
  return { ...body, [head!]: withValue((body[head!] ?? {}) as Record<string, unknown>, rest.join('.'), value) };
}

describe('control characters in requests', () => {
  const t = useTestApp();

  const expectRefusal = (response: { statusCode: number; json: () => unknown }, what: string) => {
    expect(response.statusCode, what).toBe(400);
    expect(response.json(), what).toEqual({ message: expect.any(String) });
    expect((response.json() as { message: string }).message, what).not.toBe('Internal Server Error');
  };

  it.each(BODY_ROUTES.map((route) => [route.url, route] as const))('POST %s refuses them in every text field', async (_url, route) => {
    const { oneMonth } = await seededPackages(t.app);
    const cookies = route.admin ? await signInAdmin(t) : {};
    for (const [path, sample] of Object.entries(route.fields)) {
      for (const [name, character] of CONTROL_CHARACTERS) {
        const payload = withValue(route.body(oneMonth.id), path, spoiled(sample, character));
        expectRefusal(await t.app.inject({ method: 'POST', url: route.url, payload, cookies }), `${path} with ${name}`);
      }
    }
  });

  it.each(PATH_ROUTES.map((route) => [route.url(':value'), route] as const))('%s refuses them in the path', async (_url, route) => {
    for (const [name, character] of CONTROL_CHARACTERS) {
      const url = route.url(encodeURIComponent(spoiled(route.sample, character)));
      expectRefusal(await t.app.inject({ method: route.method, url, ...(route.body ? { payload: route.body } : {}) }), name);
    }
  });

  it('GET /api/admin/customers refuses them in its search', async () => {
    const cookies = await signInAdmin(t);
    for (const [name, character] of CONTROL_CHARACTERS) {
      const url = `/api/admin/customers?q=${encodeURIComponent(spoiled('ada', character))}`;
      expectRefusal(await t.app.inject({ method: 'GET', url, cookies }), name);
    }
  });
});
