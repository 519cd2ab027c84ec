import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, demoPaymentIntents, session } from '../../src/server/schema';
import { checkoutCardOrder, orderRow } from '../support/admin-order-actions';
import { signInAdmin } from '../support/admins';
import { registerCustomer } from '../support/customers';
import { useTestApp } from '../support/test-app';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const EVIL = { origin: 'https://evil.example' };

/**
 * The same-origin guard judges the route the router runs, and an API path that is not in
 * its normal form is refused before any route (decision 0027): the router decodes a path,
 * so `/%61pi/...` runs `/api/...`, and a guard reading the raw URL let it through.
 */
describe('cross-site requests through paths the router decodes', () => {
  const t = useTestApp();

  async function paidDemoOrder() {
    const { orderId, intentId } = await checkoutCardOrder(t);
    const paid = await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD });
    expect(paid.statusCode).toBe(200);
    await t.services.jobs.drain();
    return { orderId, intentId };
  }

  it('refuses a bodiless cross-site refund sent to /%61pi/..., and the order stays paid', async () => {
    const admin = await signInAdmin(t);
    const { orderId, intentId } = await paidDemoOrder();

    const response = await t.app.inject({ method: 'POST', url: `/%61pi/admin/orders/${orderId}/refund`, cookies: admin, headers: EVIL });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Request path is not in its normal form' });
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'completed' });
    const [intent] = await t.database.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, intentId));
    expect(intent!.status).toBe('succeeded');
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, orderId))).toEqual([]);
  });

  it('refuses a cross-site refund whose later segment is percent-encoded: the matched route is guarded', async () => {
    const admin = await signInAdmin(t);
    const { orderId } = await paidDemoOrder();
    for (const url of [`/api/admin/orders/${orderId}/%72efund`, `/api/%61dmin/orders/${orderId}/refund`]) {
      const response = await t.app.inject({ method: 'POST', url, cookies: admin, headers: EVIL });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
    }
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'completed' });
  });

  it('keeps a customer signed in when a cross-site logout comes through /%61pi/logout or /API/logout', async () => {
    const { cookies } = await registerCustomer(t.app);
    for (const url of ['/%61pi/logout', '/API/logout', '//api/logout', '/api/logout;x']) {
      const response = await t.app.inject({ method: 'POST', url, cookies, headers: EVIL });
      expect({ url, status: response.statusCode, body: response.json<unknown>() }).toEqual({ url, status: 400, body: { message: 'Request path is not in its normal form' } });
    }
    expect(await t.database.db.select().from(session)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies })).json()).toHaveProperty('email');
  });

  it('still refuses a cross-site call on the normal path, and lets the providers\' webhooks through by their matched route', async () => {
    const { cookies } = await registerCustomer(t.app);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', cookies, headers: EVIL });
    expect(logout.statusCode).toBe(403);
    expect(logout.json()).toEqual({ message: 'Cross-site request refused' });
    const ipn = await t.app.inject({ method: 'POST', url: '/api/crypto/ipn', payload: {}, headers: EVIL });
    expect(ipn.statusCode).not.toBe(403);
    const encodedIpn = await t.app.inject({ method: 'POST', url: '/api/crypto/%69pn', payload: {}, headers: EVIL });
    expect(encodedIpn.json()).toEqual({ message: 'Request path is not in its normal form' });
  });

  it('answers unmatched paths with a clean 404, and leaves pages and query strings alone', async () => {
    const cases: Array<[string, string, number, string]> = [
      ['GET', '/api/no-such-thing', 404, 'Not found: GET /api/no-such-thing'],
      ['POST', '/api/no-such-thing', 404, 'Not found: POST /api/no-such-thing'],
      ['GET', '/no-such-page', 404, 'Not found: GET /no-such-page'],
      ['GET', '/%61dmin', 404, 'Not found: GET /%61dmin'],
      ['GET', '/%61pi/no-such-thing', 400, 'Request path is not in its normal form'],
      ['POST', '/API/no-such-thing', 400, 'Request path is not in its normal form'],
    ];
    for (const [method, url, status, message] of cases) {
      const response = await t.app.inject({ method: method as 'GET', url });
      expect({ url, status: response.statusCode, body: response.json<unknown>() }).toEqual({ url, status, body: { message } });
    }
    // A malformed escape: the router itself refuses it, before any hook, in the store's own shape.
    const malformed = await t.app.inject({ method: 'POST', url: '/api/logout/%zz' });
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'Request path is not in its normal form' }]);
    const withQuery = await t.app.inject({ method: 'GET', url: '/api/packages?x=%61%2e%2e//;' });
    expect(withQuery.statusCode).toBe(200);
    const unicodeParam = await t.app.inject({ method: 'GET', url: '/api/crypto-payment/caf%C3%A9' });
    expect(unicodeParam.json()).not.toEqual({ message: 'Request path is not in its normal form' });
  });
  it('answers a path the router cannot decode in the store\'s error shape, never Fastify\'s own', async () => {
    const doubleEncoded = await t.app.inject({ method: 'GET', url: '/api/support/tickets/%25E2%9F%8E' });
    expect([doubleEncoded.statusCode, doubleEncoded.json()]).toEqual([400, { message: 'Request path is not in its normal form' }]);
    const loneEscape = await t.app.inject({ method: 'GET', url: '/api/support/tickets/%9F%8E' });
    expect([loneEscape.statusCode, loneEscape.json()]).toEqual([400, { message: 'Request path could not be read' }]);
  });
});
