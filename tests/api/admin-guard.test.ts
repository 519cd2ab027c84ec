import { describe, expect, it } from 'vitest';
import { signInAdmin } from '../support/admins';
import { registerCustomer } from '../support/customers';
import { useTestApp } from '../support/test-app';

/** Fills a route's parameters so that the request reaches the route itself. */
const concrete = (url: string) => url.replace(/:(\w+)/g, 'SP-1-1');

describe('the admin guard', () => {
  const t = useTestApp();

  function guardedRoutes() {
    // Read from Fastify itself, so a route added later is walked too. Sign-in is the one open door.
    const routes = t.app.routeList.filter(
      (route) =>
        route.method !== 'HEAD' &&
        (route.url.startsWith('/api/admin') || route.url === '/api/purchase-notifications') &&
        !(route.method === 'POST' && route.url === '/api/admin/login'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(6);
    return routes;
  }

  it('registers the spec\'s admin calls and the purchase notifications behind it', () => {
    const names = guardedRoutes().map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/admin/auth',
        'POST /api/admin/logout',
        'GET /api/admin/customers',
        'POST /api/admin/create-customer',
        'GET /api/admin/stats',
        'GET /api/purchase-notifications',
        'PATCH /api/admin/packages/:id',
        'GET /api/admin/gift-cards/pending',
        'POST /api/admin/orders/:orderId/gift-card',
        'GET /api/admin/audit-log',
        'GET /api/admin/outbox',
        'GET /api/admin/coupons',
        'POST /api/admin/coupons',
        'PATCH /api/admin/coupons/:code',
        'PATCH /api/admin/shipments/:orderId',
        'GET /api/admin/revenue',
        'GET /api/admin/orders',
        'GET /api/admin/orders/:orderId',
        'GET /api/admin/export/orders.csv',
        'GET /api/admin/export/customers.csv',
      ]),
    );
  });

  it('answers 401 JSON to every admin route without a session, and to a customer session', async () => {
    const customer = await registerCustomer(t.app);
    const payload = { firstName: 'A', lastName: 'B', email: 'a@example.com', orderId: 'SP-1-1' };
    for (const route of guardedRoutes()) {
      const request = { method: route.method as 'GET', url: concrete(route.url), ...(route.method === 'GET' ? {} : { payload }) };
      const anonymous = await t.app.inject(request);
      expect(anonymous.statusCode, `${route.method} ${route.url} without a session`).toBe(401);
      expect(anonymous.json(), `${route.method} ${route.url}`).toEqual({ message: 'Admin authentication required' });

      const asCustomer = await t.app.inject({ ...request, cookies: customer.cookies });
      expect([401, 403], `${route.method} ${route.url} as a customer`).toContain(asCustomer.statusCode);
      expect(asCustomer.body).not.toContain('deviceCredentials');
    }
  });

  it('lets the same routes through with an admin session', async () => {
    const cookies = await signInAdmin(t);
    for (const route of guardedRoutes().filter((r) => r.method === 'GET')) {
      const response = await t.app.inject({ method: 'GET', url: concrete(route.url), cookies });
      // A route naming a record answers for the made-up one with its own 404.
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(route.url.includes(':') ? 404 : 200);
    }
  });
});
