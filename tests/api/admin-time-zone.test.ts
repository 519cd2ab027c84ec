import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminStats } from '../../src/contract/admin';
import type { RevenueDay } from '../../src/contract/admin-revenue';
import { orders } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { paidOrder, pendingOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';

/** A calendar day in Auckland as the API writes it: '2026-11-26'. */
const aucklandDay = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(instant);

describe('a store in Pacific/Auckland (STORE_TIME_ZONE)', () => {
  const t = useTestApp({ STORE_TIME_ZONE: 'Pacific/Auckland' });
  const get = (url: string, cookies: { asid: string }) => t.app.inject({ method: 'GET', url, cookies });

  /** The first instant of today's or this month's Auckland day, as the database computes it. */
  async function aucklandStart(unit: 'day' | 'month'): Promise<Date> {
    const { rows } = await t.database.executeSql(
      `select (extract(epoch from date_trunc($1, now() at time zone 'Pacific/Auckland') at time zone 'Pacific/Auckland') * 1000)::bigint::text as start`,
      [unit],
    );
    return new Date(Number(rows[0]!.start));
  }

  const paidAt = async (totalAmount: string, at: Date) => {
    const order = await paidOrder(t, { packageId: 'streaming-box', totalAmount });
    await t.database.db.update(orders).set({ paidAt: at }).where(eq(orders.id, order.id));
  };

  it('names its zone to the admin pages, at sign-in and in the session check', async () => {
    const admin = await signInAdmin(t);
    const session = await get('/api/admin/auth', admin);
    expect(session.json()).toEqual({
      admin: { id: expect.any(String), username: 'owner', role: 'owner' },
      store: { timeZone: 'Pacific/Auckland' },
      passwordChangeRequired: false,
      twoFactorSetupRequired: false,
    });
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'owner', password: 'owner-password-123' } });
    expect(login.json().store).toEqual({ timeZone: 'Pacific/Auckland' });
  });

  it('"Placed from" and "Placed to" mean Auckland days, midnight on both sides', async () => {
    const admin = await signInAdmin(t);
    // New Zealand daylight time, UTC+13: Auckland's 26 Nov 2030 runs from 25 Nov 11:00 to 26 Nov 11:00 UTC.
    const placedAt = async (at: string) => {
      const order = await pendingOrder(t, { packageId: 'streaming-box' });
      await t.database.db.update(orders).set({ createdAt: new Date(at) }).where(eq(orders.id, order.id));
      return order.id;
    };
    const lastOf25th = await placedAt('2030-11-25T10:59:59.999Z');
    const firstOf26th = await placedAt('2030-11-25T11:00:00.000Z');
    const lastOf26th = await placedAt('2030-11-26T10:59:59.999Z');
    const firstOf27th = await placedAt('2030-11-26T11:00:00.000Z');
    const list = async (query: string) => {
      const response = await get(`/api/admin/orders?${query}`, admin);
      expect(response.statusCode, query).toBe(200);
      expect(response.headers['x-total-count'], query).toBe(String(response.json().length));
      return response.json().map((order: { id: string }) => order.id);
    };

    expect(await list('from=2030-11-26')).toEqual([firstOf27th, lastOf26th, firstOf26th]);
    expect(await list('to=2030-11-25')).toEqual([lastOf25th]);
    expect(await list('from=2030-11-26&to=2030-11-26')).toEqual([lastOf26th, firstOf26th]);
    expect(await list('to=2030-11-26')).toEqual([lastOf26th, firstOf26th, lastOf25th]);
    expect(await list('from=2030-11-27')).toEqual([firstOf27th]);
  });

  it("counts the revenue chart's days from Auckland's midnight", async () => {
    const admin = await signInAdmin(t);
    const today = await aucklandStart('day');
    // The last second of yesterday and the first of today, in Auckland.
    await paidAt('7.00', new Date(today.getTime() - 1000));
    await paidAt('5.00', today);

    const days = (await get('/api/admin/revenue?days=2', admin)).json<RevenueDay[]>();
    expect(days).toEqual([
      { date: aucklandDay(new Date(today.getTime() - 1000)), revenue: '7.00', orders: 1, currency: 'USD' },
      { date: aucklandDay(today), revenue: '5.00', orders: 1, currency: 'USD' },
    ]);
    const stats = (await get('/api/admin/stats', admin)).json<AdminStats>();
    expect(stats.revenueByDay.slice(-2)).toEqual([
      { date: aucklandDay(new Date(today.getTime() - 1000)), revenue: '7.00' },
      { date: aucklandDay(today), revenue: '5.00' },
    ]);
  });

  it('This Month starts at the first instant of the Auckland month', async () => {
    const admin = await signInAdmin(t);
    const month = await aucklandStart('month');
    await paidAt('10.00', new Date(month.getTime() - 1000));
    await paidAt('20.00', month);
    const stats = (await get('/api/admin/stats', admin)).json<AdminStats>();
    expect(stats.revenue).toEqual({
      total: '30.00',
      thisMonth: '20.00',
      paidOrders: 2,
      byCurrency: { USD: '30.00' },
      thisMonthByCurrency: { USD: '20.00' },
      paidOrdersByCurrency: { USD: 2 },
    });
  });

  it('writes the CSV dates on the Auckland clock, with its offset', async () => {
    const admin = await signInAdmin(t);
    const order = await paidOrder(t, { packageId: 'streaming-box', email: 'box@example.com' });
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date('2030-11-25T14:55:00.000Z'), paidAt: new Date('2030-11-25T14:56:00.000Z') })
      .where(eq(orders.id, order.id));
    const csv = await get('/api/admin/export/orders.csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="orders-${aucklandDay(new Date())}.csv"`);
    const row = csv.body.split('\r\n')[1]!;
    expect(row.startsWith(`${order.id},2030-11-26T03:55:00.000+13:00,2030-11-26T03:56:00.000+13:00,completed,`)).toBe(true);
  });
});
