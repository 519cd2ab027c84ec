import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setAdminPassword } from '../../src/server/features/admin/service';
import { admins, mailOutbox } from '../../src/server/schema';
import { adminCookieOf, signInAdmin, TEST_ADMIN } from '../support/admins';
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
        actorType: 'admin',
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

  it('narrows the audit log by actor (any case), action and order, newest first, paged with the total', async () => {
    const owner = await signInAdmin(t);
    await setAdminPassword(t.database.db, 'clerk', 'clerk-password-123');
    const clerk = adminCookieOf(await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'clerk', password: 'clerk-password-123' } }));
    const first = await paidOrder(t, { packageId: 'streaming-box' });
    const second = await paidOrder(t, { packageId: 'streaming-box' });
    const deliver = (orderId: string, cookies: { asid: string }, delivered = true) =>
      t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/gift-card`, payload: { delivered }, cookies });
    expect((await deliver(first.id, owner)).statusCode).toBe(200);
    expect((await deliver(second.id, clerk)).statusCode).toBe(200);
    expect((await deliver(first.id, clerk, false)).statusCode).toBe(200);

    const list = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log?${query}`, cookies: owner });
      expect(response.statusCode, query).toBe(200);
      const entries = response.json<Array<{ adminUsername: string; action: string; targetId: string }>>();
      return { total: response.headers['x-total-count'], entries: entries.map((entry) => `${entry.adminUsername} ${entry.action} ${entry.targetId}`) };
    };
    const clerkId = (await t.database.db.select().from(admins).where(eq(admins.username, 'clerk')))[0]!.id;

    expect(await list('actor=clerk')).toEqual({ total: '3', entries: [`clerk order.gift_card ${first.id}`, `clerk order.gift_card ${second.id}`, `clerk admin.sign_in ${clerkId}`] });
    expect((await list('actor=CLERK')).total).toBe('3');
    expect(await list('action=order.gift_card')).toEqual({
      total: '3',
      entries: [`clerk order.gift_card ${first.id}`, `clerk order.gift_card ${second.id}`, `owner order.gift_card ${first.id}`],
    });
    expect(await list(`orderId=${first.id}`)).toEqual({ total: '2', entries: [`clerk order.gift_card ${first.id}`, `owner order.gift_card ${first.id}`] });
    expect(await list(`actor=owner&action=order.gift_card&orderId=${encodeURIComponent(` ${first.id} `)}`)).toEqual({ total: '1', entries: [`owner order.gift_card ${first.id}`] });
    expect(await list(`actor=owner&orderId=${second.id}`)).toEqual({ total: '0', entries: [] });
    expect(await list('action=order.gift_card&limit=1&offset=1')).toEqual({ total: '3', entries: [`clerk order.gift_card ${second.id}`] });
    // A name that is only part of a username is not that admin.
    expect((await list('actor=cle')).total).toBe('0');
  });

  it('refuses an unknown action or a bad filter with 400 and a clear message', async () => {
    const admin = await signInAdmin(t);
    for (const [query, message] of [
      ['action=order.delete', /^action must be one of admin\.sign_in, admin\.sign_out, admin\.sign_in_refused, admin\.recovery_code_used, admin\.two_factor_on, admin\.two_factor_off, export\.download, order\.refund, /],
      [`actor=${'a'.repeat(101)}`, /^actor must be at most 100 characters$/],
      ['orderId=SP-1%0A2', /^orderId must not contain control characters$/],
      [`recipient=${'r'.repeat(255)}`, /^recipient must be at most 254 characters$/],
    ] as const) {
      const url = query.startsWith('recipient') ? `/api/admin/outbox?${query}` : `/api/admin/audit-log?${query}`;
      const response = await t.app.inject({ method: 'GET', url, cookies: admin });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(message);
    }
  });

  it('searches the outbox by any part of the recipient in any case, % and _ meaning themselves', async () => {
    const admin = await signInAdmin(t);
    const kept = (to: string, n: number) => ({ to, subject: `Mail ${n}`, text: 'Hello', dedupeKey: `test:${n}`, sentAt: new Date(), createdAt: new Date(Date.UTC(2030, 0, n)) });
    await t.database.db
      .insert(mailOutbox)
      .values([kept('ann_lee@example.com', 1), kept('annxlee@example.com', 2), kept('100%club@example.com', 3), kept('Someone@Example.COM', 4), kept('bob@example.org', 5)]);
    const search = async (recipient: string, page = '') => {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/outbox?recipient=${encodeURIComponent(recipient)}${page}`, cookies: admin });
      expect(response.statusCode, recipient).toBe(200);
      return { total: response.headers['x-total-count'], to: response.json<Array<{ to: string }>>().map((mail) => mail.to) };
    };

    expect(await search('ANN')).toEqual({ total: '2', to: ['annxlee@example.com', 'ann_lee@example.com'] });
    expect(await search('ann_lee')).toEqual({ total: '1', to: ['ann_lee@example.com'] });
    expect(await search('_')).toEqual({ total: '1', to: ['ann_lee@example.com'] });
    expect(await search('100%')).toEqual({ total: '1', to: ['100%club@example.com'] });
    expect(await search('%')).toEqual({ total: '1', to: ['100%club@example.com'] });
    expect(await search('example.com')).toEqual({ total: '4', to: ['Someone@Example.COM', '100%club@example.com', 'annxlee@example.com', 'ann_lee@example.com'] });
    expect(await search('example.com', '&limit=1&offset=1')).toEqual({ total: '4', to: ['100%club@example.com'] });
    expect(await search('  BOB@ ')).toEqual({ total: '1', to: ['bob@example.org'] });
    expect(await search('nobody')).toEqual({ total: '0', to: [] });
    // No search: every mail.
    expect((await search('')).total).toBe('5');
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
