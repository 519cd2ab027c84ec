import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admins, auditLog, customers, orderRefunds, orders, packages } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { registerCustomer } from '../support/customers';
import { paidOrder, pendingOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';

const BOM = '\uFEFF';
const today = () => new Date().toISOString().slice(0, 10);

/** The records of a CSV body without its byte order mark; fails on a bare LF outside quotes. */
function recordsOf(body: string): string[] {
  expect(body.startsWith(BOM)).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  const records = body.slice(1, -2).split('\r\n');
  for (const record of records) expect(record.split('"').filter((_, i) => i % 2 === 0).join('')).not.toMatch(/[\r\n]/);
  return records;
}

describe("the admin's CSV exports", () => {
  const t = useTestApp();
  const download = (url: string, cookies?: { asid: string }) => t.app.inject({ method: 'GET', url, ...(cookies ? { cookies } : {}) });
  const placed = (orderId: string, createdAt: string, changes: Partial<typeof orders.$inferInsert> = {}) =>
    t.database.db.update(orders).set({ createdAt: new Date(createdAt), ...changes }).where(eq(orders.id, orderId));

  it('orders.csv: every order newest first, quoted by RFC 4180, formulas neutralised, with phone and tracking, as a dated attachment', async () => {
    const admin = await signInAdmin(t);
    const [month] = await t.database.db.select().from(packages).where(eq(packages.name, '1 Month Premium'));
    const box = await paidOrder(t, { packageId: 'streaming-box', email: 'box@example.com', devices: 2 });
    await t.services.jobs.drain();
    const shipped = await t.app.inject({ method: 'PATCH', url: `/api/admin/shipments/${box.id}`, payload: { status: 'shipped', carrier: 'FedEx', trackingNumber: '1Z999AA10123456784' }, cookies: admin });
    expect(shipped.statusCode).toBe(200);
    const quoted = await pendingOrder(t, { packageId: month!.id, email: 'quoted@example.com', giftCard: null, cashbackAmount: '0.00' });
    const formula = await pendingOrder(t, { packageId: month!.id, email: 'formula@example.com' });
    await placed(box.id, '2030-05-01T08:00:00Z', { paidAt: new Date('2030-05-01T08:01:00Z'), couponCode: 'SPRING', couponDiscount: '2.00', totalAmount: '25.97', refundedAmount: '7.50', customerPhone: '555 0100' });
    // Two partial refunds of the box ($5.00, then $2.50): the CSV gives their sum and the last one's time; a pending one does not count.
    // The order stays completed (decision 0036); its status column reads partly_refunded.
    const [admin0] = await t.database.db.select().from(admins).limit(1);
    const refundOf = (amount: string, at: string, status = 'succeeded') => ({ orderId: box.id, amount, status, adminId: admin0!.id, adminUsername: admin0!.username, createdAt: new Date(at) });
    await t.database.db.insert(orderRefunds).values([refundOf('5.00', '2030-05-02T10:00:00Z'), refundOf('2.50', '2030-05-04T09:30:00Z'), refundOf('1.00', '2030-05-05T09:30:00Z', 'pending')]);
    // Checkout refuses such names; a row written some other way must still export safely.
    await placed(quoted.id, '2030-05-02T08:00:00Z', { customerName: 'Hopper, Grace "Amazing"' });
    await placed(formula.id, '2030-05-03T08:00:00Z', { customerName: '=HYPERLINK("http://evil.example","Click")', failureReason: 'Card declined\nby the bank', customerPhone: '=1+2' });
    // No phone given with the order: the one on its customer row, as create-customer may have added.
    await t.database.db.update(customers).set({ phone: '+44 20 7946 0958' }).where(eq(customers.id, quoted.customerId!));

    const response = await download('/api/admin/export/orders.csv', admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="orders-${today()}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');

    const records = recordsOf(response.body);
    expect(records).toEqual([
      'Order ID,Created,Paid,Payment status,Reason,Customer name,Email,Phone,Package,Devices,Payment method,Currency,Subtotal,Discount,Total,Refunded,Last refund,Dispute loss,Cashback,Coupon,Gift card,Gift card delivered,Shipping address,Carrier,Tracking number',
      `${formula.id},2030-05-03T08:00:00.000Z,,pending,"Card declined\nby the bank","'=HYPERLINK(""http://evil.example"",""Click"")",formula@example.com,'=1+2,1 Month Premium,1,card,USD,27.97,0.00,27.97,0.00,,0.00,10.00,,Amazon,no,,,`,
      `${quoted.id},2030-05-02T08:00:00.000Z,,pending,,"Hopper, Grace ""Amazing""",quoted@example.com,'+44 20 7946 0958,1 Month Premium,1,card,USD,27.97,0.00,27.97,0.00,,0.00,0.00,,,no,,,`,
      `${box.id},2030-05-01T08:00:00.000Z,2030-05-01T08:01:00.000Z,partly_refunded,,Grace Hopper,box@example.com,555 0100,Streaming Box,2,card,USD,27.97,2.00,25.97,7.50,2030-05-04T09:30:00.000Z,0.00,10.00,SPRING,Amazon,no,"1 Infinite Loop, Cupertino, CA 95014, US",FedEx,1Z999AA10123456784`,
    ]);
  });

  it('orders.csv: a box not yet shipped has neither carrier nor tracking number (UPS is only its default)', async () => {
    const admin = await signInAdmin(t);
    const box = await paidOrder(t, { packageId: 'streaming-box', email: 'waiting-box@example.com' });
    await t.services.jobs.drain();
    const [row] = recordsOf((await download('/api/admin/export/orders.csv', admin)).body).slice(1);
    expect(row!.startsWith(`${box.id},`)).toBe(true);
    expect(row!.endsWith(',"1 Infinite Loop, Cupertino, CA 95014, US",,')).toBe(true);
  });

  it('customers.csv: every customer row newest first with its paid orders and their total', async () => {
    const admin = await signInAdmin(t);
    const { customer } = await registerCustomer(t.app, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.export@example.com', phone: '+1 555 0100' });
    await paidOrder(t, { packageId: 'streaming-box', customerId: customer.id, email: customer.email, totalAmount: '149.99' });
    await paidOrder(t, { packageId: 'streaming-box', customerId: customer.id, email: customer.email, totalAmount: '10.01' });
    await pendingOrder(t, { packageId: 'streaming-box', customerId: customer.id, email: customer.email });
    await pendingOrder(t, { packageId: 'streaming-box', email: 'guest.export@example.com' });
    const [guest] = await t.database.db.select().from(customers).where(eq(customers.email, 'guest.export@example.com'));
    await t.database.db.update(customers).set({ createdAt: new Date('2030-06-01T00:00:00Z') }).where(eq(customers.id, customer.id));
    await t.database.db
      .update(customers)
      .set({ createdAt: new Date('2030-06-02T00:00:00Z'), firstName: '@SUM(A1)', lastName: 'Smith, Jr.' })
      .where(eq(customers.id, guest!.id));

    const response = await download('/api/admin/export/customers.csv', admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="customers-${today()}.csv"`);
    expect(recordsOf(response.body)).toEqual([
      'Customer ID,Email,First name,Last name,Phone,Has account,Created,Currency,Paid orders,Paid total',
      `${guest!.id},guest.export@example.com,'@SUM(A1),"Smith, Jr.",,no,2030-06-02T00:00:00.000Z,USD,0,0.00`,
      `${customer.id},ada.export@example.com,Ada,Lovelace,'+1 555 0100,yes,2030-06-01T00:00:00.000Z,USD,2,160.00`,
    ]);
  });

  it('streams thousands of orders in batches, each once, ties in time and microseconds included', async () => {
    const admin = await signInAdmin(t);
    // 3,000 orders over 7 distinct microseconds of one millisecond: a cursor rounded to the millisecond would repeat or skip rows.
    await t.database.executeSql(
      `insert into orders (id, customer_name, customer_email, package_id, payment_method, subtotal_amount, total_amount, created_at)
       select 'SP-2030-' || lpad(g::text, 6, '0'), 'Buyer ' || g, 'buyer' || g || '@example.com', 'streaming-box', 'card', 1, 1,
              '2030-01-01T00:00:00Z'::timestamptz + (g % 7) * interval '1 microsecond'
         from generate_series(1, 3000) g`,
      [],
    );

    let batches = 0;
    const ids: string[] = [];
    for await (const batch of t.services.reports.orderExport({}, 400).batches) {
      batches += 1;
      ids.push(...batch.map((row) => String(row[0])));
    }
    expect(batches).toBe(8);
    expect(ids).toHaveLength(3000);
    expect(new Set(ids).size).toBe(3000);
    expect(ids[0]).toBe('SP-2030-002995');
    expect(ids.at(-1)).toBe('SP-2030-000007');

    const response = await t.app.inject({ method: 'GET', url: '/api/admin/export/orders.csv', cookies: admin, payloadAsStream: true });
    let chunks = 0;
    let body = '';
    for await (const chunk of response.stream()) {
      chunks += 1;
      body += String(chunk);
    }
    // The header and its batches of orders: the reply went out in several pieces.
    expect(chunks).toBeGreaterThanOrEqual(3);
    const records = recordsOf(body);
    expect(records).toHaveLength(3001);
    expect(new Set(records.slice(1).map((record) => record.split(',')[0])).size).toBe(3000);
  });

  it('writes each download to the audit log: which admin, from which address, which export and its filters', async () => {
    const admin = await signInAdmin(t);
    for (const url of ['/api/admin/export/orders.csv', '/api/admin/export/customers.csv']) {
      expect((await t.app.inject({ method: 'GET', url, cookies: admin, remoteAddress: '198.51.100.4' })).statusCode).toBe(200);
    }
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'export.download')).orderBy(asc(auditLog.createdAt));
    expect(rows.map(({ adminUsername, targetType, targetId, before, after }) => ({ adminUsername, targetType, targetId, before, after }))).toEqual([
      { adminUsername: 'owner', targetType: 'export', targetId: 'orders', before: {}, after: { address: '198.51.100.4', filters: null } },
      { adminUsername: 'owner', targetType: 'export', targetId: 'customers', before: {}, after: { address: '198.51.100.4', filters: null } },
    ]);
    // A range is recorded as asked, an end not given as null.
    await t.app.inject({ method: 'GET', url: '/api/admin/export/orders.csv?from=2030-11-01&to=2030-11-30', cookies: admin, remoteAddress: '198.51.100.4' });
    await t.app.inject({ method: 'GET', url: '/api/admin/export/customers.csv?to=2030-11-30', cookies: admin, remoteAddress: '198.51.100.4' });
    const ranged = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'export.download')).orderBy(asc(auditLog.createdAt));
    expect(ranged.slice(2).map((row) => [row.targetId, row.after])).toEqual([
      ['orders', { address: '198.51.100.4', filters: { from: '2030-11-01', to: '2030-11-30' } }],
      ['customers', { address: '198.51.100.4', filters: { from: null, to: '2030-11-30' } }],
    ]);
  });

  it('needs an admin', async () => {
    for (const url of ['/api/admin/export/orders.csv', '/api/admin/export/customers.csv']) {
      const response = await download(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({ message: 'Admin authentication required' });
    }
  });
});

describe('CSV exports of a date range in the store time zone (Pacific/Auckland)', () => {
  const t = useTestApp({ STORE_TIME_ZONE: 'Pacific/Auckland' });
  const ids = (body: string) => recordsOf(body).slice(1).map((record) => record.split(',')[0]);

  it('takes from and to as whole Auckland days, both ends included, either optional, midnight on both sides', async () => {
    const admin = await signInAdmin(t);
    // New Zealand daylight time, UTC+13: Auckland's 26 Nov 2030 runs from 25 Nov 11:00 to 26 Nov 11:00 UTC.
    const placedAt = async (at: string) => {
      const order = await pendingOrder(t, { packageId: 'streaming-box' });
      await t.database.db.update(orders).set({ createdAt: new Date(at) }).where(eq(orders.id, order.id));
      await t.database.db.update(customers).set({ createdAt: new Date(at) }).where(eq(customers.id, order.customerId!));
      return { order: order.id, customer: order.customerId! };
    };
    const lastOf25th = await placedAt('2030-11-25T10:59:59.999Z');
    const firstOf26th = await placedAt('2030-11-25T11:00:00.000Z');
    const lastOf26th = await placedAt('2030-11-26T10:59:59.999Z');
    const firstOf27th = await placedAt('2030-11-26T11:00:00.000Z');
    const exported = async (file: 'orders' | 'customers', query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/export/${file}.csv${query}`, cookies: admin });
      expect(response.statusCode, query).toBe(200);
      return ids(response.body);
    };

    expect(await exported('orders', '?from=2030-11-26&to=2030-11-26')).toEqual([lastOf26th.order, firstOf26th.order]);
    expect(await exported('orders', '?from=2030-11-26')).toEqual([firstOf27th.order, lastOf26th.order, firstOf26th.order]);
    expect(await exported('orders', '?to=2030-11-25')).toEqual([lastOf25th.order]);
    expect(await exported('orders', '')).toHaveLength(4);
    expect(await exported('customers', '?from=2030-11-26&to=2030-11-26')).toEqual([lastOf26th.customer, firstOf26th.customer]);
    expect(await exported('customers', '?from=2030-11-27')).toEqual([firstOf27th.customer]);
    // The rows' dates are Auckland's too: the 26th's first order was placed at its midnight.
    const body = (await t.app.inject({ method: 'GET', url: '/api/admin/export/orders.csv?from=2030-11-26&to=2030-11-26', cookies: admin })).body;
    expect(recordsOf(body)[2]).toContain(`${firstOf26th.order},2030-11-26T00:00:00.000+13:00,`);
  });

  it('refuses a range the wrong way round, a day that does not exist or one outside 2000-2100 with 400 and a clear message, and writes no audit row', async () => {
    const admin = await signInAdmin(t);
    for (const [query, message] of [
      ['from=2030-03-05&to=2030-03-04', 'from must be on or before to'],
      ['from=2030-02-30', 'from must be a date such as 2026-12-31'],
      ['to=yesterday', 'to must be a date such as 2026-12-31'],
      ['from=26/11/2030', 'from must be a date such as 2026-12-31'],
      ['from=0000-01-01', 'from must be in the years 2000 to 2100'],
      ['to=0000-12-31', 'to must be in the years 2000 to 2100'],
      ['from=1999-12-31', 'from must be in the years 2000 to 2100'],
      ['to=2101-01-01', 'to must be in the years 2000 to 2100'],
    ]) {
      for (const file of ['orders', 'customers']) {
        const response = await t.app.inject({ method: 'GET', url: `/api/admin/export/${file}.csv?${query}`, cookies: admin });
        expect(response.statusCode, `${file} ${query}`).toBe(400);
        expect(response.json(), `${file} ${query}`).toEqual({ message });
      }
    }
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'export.download'))).toEqual([]);
  });
});
