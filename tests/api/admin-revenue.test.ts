import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { paidOrder, pendingOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';

const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe('GET /api/admin/revenue', () => {
  const t = useTestApp();
  const paidDaysAgo = async (daysAgo: number, totalAmount: string) => {
    const order = await paidOrder(t, { packageId: 'streaming-box', totalAmount });
    await t.database.db.update(orders).set({ paidAt: sql`now() - make_interval(days => ${daysAgo})` }).where(eq(orders.id, order.id));
  };

  it('gives every day of the window, oldest first, with paid revenue and orders and zeros between', async () => {
    const admin = await signInAdmin(t);
    await paidDaysAgo(0, '10.50');
    await paidDaysAgo(0, '4.49');
    await paidDaysAgo(2, '100.00');
    await paidDaysAgo(40, '999.00');
    await pendingOrder(t, { packageId: 'streaming-box', totalAmount: '55.00' });

    const response = await t.app.inject({ method: 'GET', url: '/api/admin/revenue?days=3', cookies: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { date: utcDay(2), revenue: '100.00', orders: 1, currency: 'USD' },
      { date: utcDay(1), revenue: '0.00', orders: 0, currency: 'USD' },
      { date: utcDay(0), revenue: '14.99', orders: 2, currency: 'USD' },
    ]);

    const month = (await t.app.inject({ method: 'GET', url: '/api/admin/revenue', cookies: admin })).json();
    expect(month).toHaveLength(30);
    expect(month.at(-1)).toEqual({ date: utcDay(0), revenue: '14.99', orders: 2, currency: 'USD' });
    expect(month.reduce((sum: number, day: { orders: number }) => sum + day.orders, 0)).toBe(3);
  });

  it('refuses a window outside 1 to 366 days', async () => {
    const admin = await signInAdmin(t);
    for (const days of ['0', '367', 'abc', '1.5']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/revenue?days=${days}`, cookies: admin });
      expect(response.statusCode, days).toBe(400);
      expect(response.json().message).toBe('days must be a whole number from 1 to 366');
    }
  });
});
