import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCustomerListSchema, type AdminCustomerRecord, type AdminStats, type PurchaseNotification } from '../../src/contract/admin';
import { auditLog, customers, deviceCredentials, mailOutbox, orders, subscriptions } from '../../src/server/schema';
import { signInAdmin, TEST_ADMIN } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { lastMailTo, placeTestOrder, setupTokenIn } from '../support/customers';
import { paidOrder } from '../support/paid-orders';
import { useTestApp, type TestApp } from '../support/test-app';

type Cookies = { asid: string };

async function get<T>(t: TestApp, url: string, cookies: Cookies, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, cookies, headers });
  return { response, body: (response.statusCode === 200 ? response.json() : null) as T };
}

/** Paid, provisioned orders as the checkout and the jobs make them, oldest first. */
async function provisionedOrders(t: TestApp, count: number, options: { devices?: number; email?: (i: number) => string } = {}) {
  const { oneMonth } = await seededPackages(t.app);
  const made = [];
  for (let i = 0; i < count; i++) {
    made.push(await paidOrder(t, { packageId: oneMonth.id, devices: options.devices ?? 2, email: options.email?.(i), totalAmount: '21.98' }));
  }
  await t.services.jobs.drain();
  return made;
}

describe('the admin customer-subscription records', () => {
  const t = useTestApp();

  it('lists one record per subscription, newest first, in the spec\'s shape with credentials', async () => {
    const cookies = await signInAdmin(t);
    const [first, second] = await provisionedOrders(t, 2, { devices: 2 });
    const { response, body } = await get<AdminCustomerRecord[]>(t, '/api/admin/customers', cookies);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    expect(body.map((record) => record.orderId)).toEqual([second!.id, first!.id]);
    const record = body[1]!;
    expect(record).toMatchObject({
      customerName: 'Grace Hopper',
      customerEmail: first!.customerEmail,
      packageName: '1 Month Premium',
      subscriptionLength: '1 Month',
      giftCardChoice: 'Amazon',
      totalAmount: '21.98',
      deviceCount: 2,
      status: 'active',
      xtreamServer: 'http://line.streamplus.tv',
    });
    // As Date.prototype.toISOString writes them, to the millisecond, in UTC.
    expect(record.paymentDate).toBe(first!.paidAt!.toISOString());
    expect(record.expirationDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(record).toMatchObject({ graceEndsAt: null, graceSuspended: false });
    // Written without zod's re-check (decision 0056): the schema takes it whole and drops no key.
    expect(adminCustomerListSchema.parse(body)).toEqual(body);
    expect(record.deviceCredentials.map((credential) => credential.deviceNumber)).toEqual([1, 2]);
    expect(record.deviceCredentials[0]).toEqual({
      id: expect.any(String),
      deviceName: expect.any(String),
      deviceNumber: 1,
      isActive: true,
      xtreamUsername: expect.any(String),
      xtreamPassword: expect.any(String),
      label: null,
      epgUrl: expect.stringMatching(/^http:\/\/line\.streamplus\.tv\/xmltv\.php\?username=sp[a-z0-9]{10}&password=[A-Za-z0-9]{14}$/),
      kind: 'line',
      mac: null,
      portalUrl: null,
      enabled: true,
    });
  });

  it('answers one page: limit 100 by default, at most 500, offset, and a total', async () => {
    const cookies = await signInAdmin(t);
    await provisionedOrders(t, 3, { devices: 1 });
    const page = await get<AdminCustomerRecord[]>(t, '/api/admin/customers?limit=2&offset=1', cookies);
    expect(page.body).toHaveLength(2);
    expect(page.response.headers['x-total-count']).toBe('3');
    const all = await get<AdminCustomerRecord[]>(t, '/api/admin/customers', cookies);
    expect(page.body.map((r) => r.id)).toEqual(all.body.slice(1, 3).map((r) => r.id));

    for (const [query, message] of [
      ['limit=501', 'limit must be at most 500'],
      ['limit=0', 'limit must be at least 1'],
      ['offset=-1', 'offset must be at least 0'],
      ['limit=abc', /limit/],
    ] as const) {
      const refused = await t.app.inject({ method: 'GET', url: `/api/admin/customers?${query}`, cookies });
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
  });

  it('finds records by part of the email, the name or the order id, taking % and _ literally', async () => {
    const cookies = await signInAdmin(t);
    const [alpha, beta] = await provisionedOrders(t, 2, { email: (i) => [`alpha.buyer@example.com`, `beta_buyer@example.org`][i]! });
    const search = async (q: string) =>
      (await get<AdminCustomerRecord[]>(t, `/api/admin/customers?q=${encodeURIComponent(q)}`, cookies)).body.map((r) => r.orderId);
    expect(await search('ALPHA.buyer')).toEqual([alpha!.id]);
    expect(await search('example.org')).toEqual([beta!.id]);
    expect(await search(beta!.id.slice(-8))).toEqual([beta!.id]);
    expect(await search('grace hop')).toHaveLength(2);
    expect(await search('%')).toEqual([]);
    expect(await search('alpha_')).toEqual([]);
    expect(await search('_buyer')).toEqual([beta!.id]);
    const counted = await get(t, '/api/admin/customers?q=alpha', cookies);
    expect(counted.response.headers['x-total-count']).toBe('1');
  });

  it('gives each record its own devices in device order, and none to a subscription without any, on every page and in a search', async () => {
    const cookies = await signInAdmin(t);
    const [three] = await provisionedOrders(t, 1, { devices: 3, email: () => 'three.devices@example.com' });
    const [one, none] = await provisionedOrders(t, 2, { devices: 1 });
    const subscriptionOf = async (orderId: string) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)))[0]!;
    await t.database.db.delete(deviceCredentials).where(eq(deviceCredentials.subscriptionId, (await subscriptionOf(none!.id)).id));
    const expected = new Map<string, string[]>();
    for (const order of [three!, one!, none!]) {
      const rows = await t.database.db.select().from(deviceCredentials).where(eq(deviceCredentials.subscriptionId, (await subscriptionOf(order.id)).id));
      expected.set(order.id, rows.sort((a, b) => a.deviceNumber - b.deviceNumber).map((row) => row.xtreamUsername));
    }
    expect(expected.get(three!.id)).toHaveLength(3);
    expect(expected.get(none!.id)).toEqual([]);

    const devicesOf = (records: AdminCustomerRecord[]) => new Map(records.map((record) => [record.orderId, record.deviceCredentials.map((device) => device.xtreamUsername)]));
    // The first page (its statement built once, decision 0056), another page size, and a search.
    for (const url of ['/api/admin/customers', '/api/admin/customers?limit=3&offset=0', '/api/admin/customers?limit=2&offset=1', '/api/admin/customers?q=example']) {
      const { response, body } = await get<AdminCustomerRecord[]>(t, url, cookies);
      expect(response.statusCode, url).toBe(200);
      expect(body.length, url).toBeGreaterThan(1);
      for (const [orderId, usernames] of devicesOf(body)) expect(usernames, `${url} ${orderId}`).toEqual(expected.get(orderId));
      expect(body.find((record) => record.orderId === none!.id)?.deviceCredentials ?? [], url).toEqual([]);
    }
    const third = await get<AdminCustomerRecord[]>(t, '/api/admin/customers?q=three.devices', cookies);
    expect(third.body.map((record) => record.deviceCredentials.map((device) => device.deviceNumber))).toEqual([[1, 2, 3]]);
  });

  it('answers 304 with no body while nothing changed, and the new list once something did', async () => {
    const cookies = await signInAdmin(t);
    await provisionedOrders(t, 1);
    const first = await get(t, '/api/admin/customers?_=1', cookies);
    const etag = first.response.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.response.headers['cache-control']).toBe('no-store');

    const unchanged = await get(t, '/api/admin/customers?_=2', cookies, { 'if-none-match': etag });
    expect(unchanged.response.statusCode).toBe(304);
    expect(unchanged.response.body).toBe('');

    await t.database.db.update(subscriptions).set({ status: 'expired' });
    const changed = await get<AdminCustomerRecord[]>(t, '/api/admin/customers?_=3', cookies, { 'if-none-match': etag });
    expect(changed.response.statusCode).toBe(200);
    expect(changed.body[0]!.status).toBe('expired');
    expect(changed.response.headers.etag).not.toBe(etag);
  });
});

describe('purchase notifications and the dashboards\' figures', () => {
  const t = useTestApp();

  it('lists purchase notifications newest first with the spec\'s fields, and revalidates', async () => {
    const cookies = await signInAdmin(t);
    const [first, second] = await provisionedOrders(t, 2, { devices: 3 });
    const { response, body } = await get<PurchaseNotification[]>(t, '/api/purchase-notifications', cookies);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    expect(body.map((n) => n.orderId)).toEqual([second!.id, first!.id]);
    expect(body[1]).toEqual({
      id: expect.any(String),
      orderId: first!.id,
      packageName: '1 Month Premium',
      customerEmail: first!.customerEmail,
      subscriptionDuration: '1 Month',
      deviceCount: 3,
      giftCard: 'Amazon',
      totalAmount: '21.98',
      currency: 'USD',
      timestamp: expect.any(String),
      refunded: false,
    });
    const again = await get(t, '/api/purchase-notifications', cookies, { 'if-none-match': response.headers.etag as string });
    expect(again.response.statusCode).toBe(304);
  });

  it('sums revenue, this month, devices and distinct customers in one answer', async () => {
    const cookies = await signInAdmin(t);
    const empty = await get<AdminStats>(t, '/api/admin/stats', cookies);
    expect(empty.body.subscriptions).toEqual({ count: 0, active: 0, uniqueCustomers: 0, devices: 0 });
    expect(empty.body.revenue).toEqual({
      total: '0.00',
      thisMonth: '0.00',
      paidOrders: 0,
      byCurrency: { USD: '0.00' },
      thisMonthByCurrency: { USD: '0.00' },
      paidOrdersByCurrency: { USD: 0 },
    });
    expect(empty.body.revenueByDay).toHaveLength(30);

    const made = await provisionedOrders(t, 3, { devices: 2, email: (i) => (i < 2 ? 'same@example.com' : 'other@example.com') });
    // One payment of last year: in the total, not in this month's figure nor the 30-day chart.
    await t.database.db.update(orders).set({ paidAt: sql`now() - interval '400 days'` }).where(eq(orders.id, made[0]!.id));
    await t.database.db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.orderId, made[0]!.id));
    // An unpaid order counts nowhere.
    await placeTestOrder(t.database.db, { email: 'pending@example.com' }, { paymentStatus: 'pending' });

    const { body } = await get<AdminStats>(t, '/api/admin/stats', cookies);
    expect(body.subscriptions).toEqual({ count: 3, active: 2, uniqueCustomers: 2, devices: 6 });
    expect(body.revenue).toEqual({
      total: '65.94',
      thisMonth: '43.96',
      paidOrders: 3,
      byCurrency: { USD: '65.94' },
      thisMonthByCurrency: { USD: '43.96' },
      paidOrdersByCurrency: { USD: 3 },
    });
    expect(body.notifications).toEqual({ count: 3, revenue: '65.94', revenueByCurrency: { USD: '65.94' }, devices: 6, uniqueCustomers: 2 });
    expect(body.revenueByDay).toHaveLength(30);
    expect(body.revenueByDay.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), revenue: '43.96' });
    expect(body.revenueByDay.slice(0, -1).every((day) => day.revenue === '0.00')).toBe(true);
  });
});

describe('create-customer for an existing order', () => {
  const t = useTestApp();
  const form = (orderId: string, overrides: Record<string, unknown> = {}) => ({
    firstName: 'Mary',
    lastName: 'Jackson',
    email: 'mary.jackson@example.com',
    phone: '+1 555 0123',
    orderId,
    ...overrides,
  });
  const create = (cookies: Cookies, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/admin/create-customer', cookies, payload });

  it('answers 404 for an unknown order and 409 for an unpaid one, and sends nothing', async () => {
    const cookies = await signInAdmin(t);
    const unknown = await create(cookies, form('SP-1700000000000-123'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Order not found' });

    const pending = await placeTestOrder(t.database.db, { email: 'mary.jackson@example.com' }, { paymentStatus: 'pending' });
    const unpaid = await create(cookies, form(pending.id));
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({ message: 'Only a paid order can be given an account' });
    expect(await lastMailTo(t.database.db, 'mary.jackson@example.com')).toBeUndefined();
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ orderId: '' }, 'Order ID is required'],
  ])('refuses %j with "%s"', async (overrides, message) => {
    const cookies = await signInAdmin(t);
    const response = await create(cookies, form('SP-1-1', overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('gives a paid guest order an account: the setup link leads to the subscription with its credentials', async () => {
    const cookies = await signInAdmin(t);
    const [order] = await provisionedOrders(t, 1, { devices: 2, email: () => 'Mary.Jackson@Example.com' });
    const response = await create(cookies, form(order!.id));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'Customer account created successfully and password setup email sent',
      customer: { email: 'mary.jackson@example.com', firstName: 'Mary' },
      orderId: order!.id,
    });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, order!.id));
    expect(audit).toMatchObject({
      adminUsername: TEST_ADMIN.username,
      action: 'order.create_account',
      targetType: 'order',
      after: { customerId: response.json().customer.id, email: 'mary.jackson@example.com' },
    });

    const mail = await lastMailTo(t.database.db, 'mary.jackson@example.com');
    const token = setupTokenIn(mail!.text);
    const setup = await t.app.inject({ method: 'POST', url: '/api/setup-password', payload: { token, password: 'hidden-figures', confirmPassword: 'hidden-figures' } });
    expect(setup.statusCode).toBe(200);
    const sid = setup.cookies.find((cookie) => cookie.name === 'sid')!.value;

    const mine = await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies: { sid } });
    const [subscription] = mine.json();
    expect(subscription.orderId).toBe(order!.id);
    expect(subscription.deviceCredentials).toHaveLength(2);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { sid } })).json();
    expect(me).toMatchObject({ firstName: 'Mary', lastName: 'Jackson', phone: '+1 555 0123', hasAccount: true });
  });

  it('moves the order to the address the admin gives, never to an account whose owner has not proven it', async () => {
    const cookies = await signInAdmin(t);
    // Someone registered Mary's address but never proved it: they must not receive her order.
    const squatter = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { firstName: 'Eve', lastName: 'Squat', email: 'mary.jackson@example.com', password: 'not-mary-1', confirmPassword: 'not-mary-1' },
    });
    const squatterSid = squatter.cookies.find((cookie) => cookie.name === 'sid')!.value;
    const [order] = await provisionedOrders(t, 1, { email: () => 'typo.mary@example.com' });
    expect((await create(cookies, form(order!.id, { confirmMove: true }))).statusCode).toBe(201);

    const seenBySquatter = await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies: { sid: squatterSid } });
    expect(seenBySquatter.json()).toEqual([]);
    const [moved] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(moved!.customerId).not.toBe(squatter.json().customer.id);

    // Mary proves the address with the emailed link: the order is hers, and the squatter is signed out.
    const token = setupTokenIn((await lastMailTo(t.database.db, 'mary.jackson@example.com'))!.text);
    const setup = await t.app.inject({ method: 'POST', url: '/api/setup-password', payload: { token, password: 'hidden-figures', confirmPassword: 'hidden-figures' } });
    const sid = setup.cookies.find((cookie) => cookie.name === 'sid')!.value;
    const mine = (await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies: { sid } })).json();
    expect(mine.map((s: { orderId: string }) => s.orderId)).toEqual([order!.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { sid: squatterSid } })).json()).toBeNull();
  });

  it('does nothing when run again for the same order and address: one setup email, one audit row, and the admin is told why', async () => {
    const cookies = await signInAdmin(t);
    const [order] = await provisionedOrders(t, 1, { email: () => 'mary.jackson@example.com' });
    const mailsToMary = async () => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'mary.jackson@example.com'))).length;
    const before = await mailsToMary();
    expect((await create(cookies, form(order!.id))).statusCode).toBe(201);
    expect(await mailsToMary()).toBe(before + 1);

    const again = await create(cookies, form(order!.id, { firstName: 'Marie', phone: '+1 555 0199' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'This order already has an account for mary.jackson@example.com, and its password setup email was sent. Nothing was sent again.',
    });
    expect(await mailsToMary()).toBe(before + 1);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, order!.id))).toHaveLength(1);
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.email, 'mary.jackson@example.com'));
    expect(customer).toMatchObject({ firstName: 'Mary', phone: '+1 555 0123' });
  });

  it('gives a later order straight to a proven account, and a repeat changes nothing', async () => {
    const cookies = await signInAdmin(t);
    const [first, second] = await provisionedOrders(t, 2, { email: (i) => `order${i}@example.com` });
    const made = await create(cookies, form(first!.id, { confirmMove: true }));
    const token = setupTokenIn((await lastMailTo(t.database.db, 'mary.jackson@example.com'))!.text);
    const setup = await t.app.inject({ method: 'POST', url: '/api/setup-password', payload: { token, password: 'hidden-figures', confirmPassword: 'hidden-figures' } });
    const sid = setup.cookies.find((cookie) => cookie.name === 'sid')!.value;

    const later = await create(cookies, form(second!.id, { confirmMove: true }));
    expect(later.statusCode).toBe(201);
    expect(later.json().customer.id).toBe(setup.json().customer.id);
    const repeat = await create(cookies, form(second!.id));
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({ message: 'This order already belongs to the account of mary.jackson@example.com, who can sign in. Nothing was sent.' });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies: { sid } })).json();
    expect(mine.map((s: { orderId: string }) => s.orderId).sort()).toEqual([first!.id, second!.id].sort());
    expect(made.json().customer.email).toBe('mary.jackson@example.com');
  });

  it('refuses to move an order of another address without the confirmation, naming its owner masked, and writes nothing', async () => {
    const cookies = await signInAdmin(t);
    const [order] = await provisionedOrders(t, 1, { email: () => 'mona.lisa@example.com' });
    const customersBefore = await t.database.db.select().from(customers).orderBy(customers.id);
    const [orderBefore] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));

    for (const payload of [form(order!.id), form(order!.id, { confirmMove: false })]) {
      const refused = await create(cookies, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message:
          'This order belongs to m***@example.com. Moving it to mary.jackson@example.com gives that address its subscription and credentials. Nothing was changed.',
        currentOwner: 'm***@example.com',
      });
    }
    // No stray customer row for the new address, the order and its subscription where they were, no email, no audit.
    expect(await t.database.db.select().from(customers).orderBy(customers.id)).toEqual(customersBefore);
    expect(await t.database.db.select().from(customers).where(eq(customers.email, 'mary.jackson@example.com'))).toEqual([]);
    const [orderAfter] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(orderAfter!.customerId).toBe(orderBefore!.customerId);
    const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
    expect(subscription!.customerId).toBe(orderBefore!.customerId);
    expect(await lastMailTo(t.database.db, 'mary.jackson@example.com')).toBeUndefined();
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, order!.id))).toEqual([]);
  });

  it('moves the order when the admin confirms, and the audit row names both addresses', async () => {
    const cookies = await signInAdmin(t);
    const [order] = await provisionedOrders(t, 1, { email: () => 'mona.lisa@example.com' });
    const [orderBefore] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));

    const moved = await create(cookies, form(order!.id, { confirmMove: true }));
    expect(moved.statusCode).toBe(201);
    const newOwner = moved.json().customer.id;
    const [orderAfter] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(orderAfter!.customerId).toBe(newOwner);
    const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
    expect(subscription!.customerId).toBe(newOwner);
    expect(await lastMailTo(t.database.db, 'mary.jackson@example.com')).toBeDefined();
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, order!.id));
    expect(audit).toMatchObject({
      action: 'order.create_account',
      before: { customerId: orderBefore!.customerId, email: 'mona.lisa@example.com' },
      after: { customerId: newOwner, email: 'mary.jackson@example.com' },
    });
  });

  it('needs no confirmation for the address the order already has, in any spelling', async () => {
    const cookies = await signInAdmin(t);
    const [order] = await provisionedOrders(t, 1, { email: () => 'mary.jackson@example.com' });
    const response = await create(cookies, form(order!.id, { email: 'Mary.Jackson@Example.COM' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().customer.email).toBe('mary.jackson@example.com');
  });
});
