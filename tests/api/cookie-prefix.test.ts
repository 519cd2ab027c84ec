import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { setAdminPassword } from '../../src/server/features/admin/service';
import { TEST_ADMIN } from '../support/admins';
import { checkoutForm, postCheckout, seededPackages } from '../support/checkout';
import { newRegistration } from '../support/customers';
import { useTestApp } from '../support/test-app';

const cookieNamed = (response: LightMyRequestResponse, name: string) => response.cookies.find((cookie) => cookie.name === name);

/** What a browser demands of a `__Host-` cookie before it keeps one. */
function expectHostCookie(response: LightMyRequestResponse, name: string) {
  const cookie = cookieNamed(response, name);
  expect(cookie, `${name} in ${JSON.stringify(response.cookies.map((c) => c.name))}`).toBeDefined();
  expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
  expect(cookie!.domain).toBeUndefined();
  return cookie!;
}

describe('cookies of a store served over https', () => {
  const t = useTestApp({ PUBLIC_URL: 'https://shop.example.com', DEMO_MODE: 'true' });

  it('names the customer session __Host-sid, reads it back, and clears it on sign-out', async () => {
    const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration() });
    expect(registered.statusCode).toBe(201);
    const sid = expectHostCookie(registered, '__Host-sid');
    expect(cookieNamed(registered, 'sid')).toBeUndefined();

    const cookies = { '__Host-sid': sid.value };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies })).json()).toHaveProperty('email');
    // The plain name means nothing on an https store.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { sid: sid.value } })).json()).toBeNull();

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', cookies });
    const cleared = expectHostCookie(out, '__Host-sid');
    expect(cleared.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies })).json()).toBeNull();
  });

  it('names the admin session __Host-asid', async () => {
    await setAdminPassword(t.database.db, TEST_ADMIN.username, TEST_ADMIN.password);
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN });
    expect(login.statusCode).toBe(200);
    const asid = expectHostCookie(login, '__Host-asid');
    expect(cookieNamed(login, 'asid')).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/auth', cookies: { '__Host-asid': asid.value } })).statusCode).toBe(200);
  });

  it('names the browser id __Host-bid and knows the browser by it', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const form = checkoutForm(oneMonth.id);
    const first = await postCheckout(t.app, form);
    expect(first.statusCode).toBe(200);
    const bid = expectHostCookie(first, '__Host-bid');
    expect(cookieNamed(first, 'bid')).toBeUndefined();
    // The same browser submitting the same form again gets the same order (decision 0008).
    const again = await postCheckout(t.app, form, { '__Host-bid': bid.value });
    expect(again.json().order.id).toBe(first.json().order.id);
    expect(cookieNamed(again, '__Host-bid')).toBeUndefined();
  });
});

describe('cookies of a store served over http', () => {
  const t = useTestApp();

  it('keeps the plain names, which a browser would refuse with the __Host- prefix without Secure', async () => {
    const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration() });
    expect(cookieNamed(registered, 'sid')).toMatchObject({ path: '/', httpOnly: true });
    expect(cookieNamed(registered, 'sid')!.secure).toBeFalsy();
    expect(registered.cookies.some((cookie) => cookie.name.startsWith('__Host-'))).toBe(false);
  });
});
