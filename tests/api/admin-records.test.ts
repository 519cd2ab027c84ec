import { describe, expect, it } from 'vitest';
import { signInAdmin, TEST_ADMIN } from '../support/admins';
import { registerCustomer } from '../support/customers';
import { paidOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';

describe("the admin's audit log and outbox", () => {
  const t = useTestApp();

  it('lists admin changes newest first, paged, with who, what and the fields before and after', async () => {
    const admin = await signInAdmin(t);
    const first = await paidOrder(t, { packageId: 'streaming-box' });
    const second = await paidOrder(t, { packageId: 'streaming-box' });
    for (const order of [first, second]) {
      await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/gift-card`, payload: { delivered: true }, cookies: admin });
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=1', cookies: admin });
    expect(page.statusCode).toBe(200);
    // The two changes and, before them, the admin's sign-in.
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json()).toEqual([
      {
        id: expect.any(String),
        adminUsername: TEST_ADMIN.username,
        action: 'order.gift_card',
        targetType: 'order',
        targetId: second.id,
        before: { giftCardDelivered: false },
        after: { giftCardDelivered: true },
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const next = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=1&offset=1', cookies: admin });
    expect(next.json().map((entry: { targetId: string }) => entry.targetId)).toEqual([first.id]);

    const unchanged = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=1', cookies: admin, headers: { 'if-none-match': page.headers.etag as string } });
    expect(unchanged.statusCode).toBe(304);
  });

  it('lists the emails kept without SMTP, newest first, with their text', async () => {
    const admin = await signInAdmin(t);
    const { customer } = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: customer.email } });
    const outbox = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', cookies: admin });
    expect(outbox.statusCode).toBe(200);
    const [latest] = outbox.json();
    expect(latest).toMatchObject({ to: customer.email, subject: 'Reset your StreamPlus password' });
    expect(latest.text).toContain('Someone asked to reset the password of your StreamPlus account.');
    expect(Number(outbox.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
  });

  it('refuses a bad page with 400 and no session with 401', async () => {
    const admin = await signInAdmin(t);
    for (const url of ['/api/admin/audit-log?limit=0', '/api/admin/outbox?offset=-1', '/api/admin/audit-log?limit=501']) {
      const response = await t.app.inject({ method: 'GET', url, cookies: admin });
      expect(response.statusCode, url).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);
  });
});
