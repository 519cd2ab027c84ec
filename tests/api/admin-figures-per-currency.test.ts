import { describe, expect, it } from 'vitest';
import type { AdminStats, PurchaseNotification } from '../../src/contract/admin';
import type { AdminOrderDetail, AdminOrderSummary } from '../../src/contract/admin-orders';
import type { RevenueDay } from '../../src/contract/admin-revenue';
import { checkoutCardOrder, orderAction } from '../support/admin-order-actions';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { registerCustomer } from '../support/customers';
import { paidOrder, setOrderCurrency } from '../support/paid-orders';
import { useTestApp, type TestApp } from '../support/test-app';

/**
 * The admin's figures per currency (decision 0105): orders in USD, EUR and BRL are never
 * added together; the dashboard, the revenue days and both CSVs give each currency the same
 * figure, refunds come off their own currency's, and an order moved to another currency
 * takes its money with it.
 */

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

/** A $15.99 one-month card order through the checkout, paid with the demo's test card and provisioned. */
async function paidCardOrder(t: TestApp) {
  const { orderId, intentId } = await checkoutCardOrder(t, { deviceCount: '1' });
  expect((await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD })).statusCode).toBe(200);
  await t.services.jobs.drain();
  return orderId;
}

/** A CSV's records as objects by header (no field of these orders holds a comma or a quote). */
async function csv(t: TestApp, admin: { asid: string }, url: string) {
  const response = await t.app.inject({ method: 'GET', url, cookies: admin });
  expect(response.statusCode).toBe(200);
  const [header, ...rows] = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  const names = header!.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((value, index) => [names[index]!, value])));
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const amount = (total: number) => (total / 100).toFixed(2);

/** Each currency's sum of `figure` over `rows`, as the API spells money. */
function sumsByCurrency(rows: Record<string, string>[], figure: (row: Record<string, string>) => number) {
  const sums: Record<string, number> = {};
  for (const row of rows) sums[row.Currency!] = (sums[row.Currency!] ?? 0) + figure(row);
  return Object.fromEntries(Object.entries(sums).map(([currency, total]) => [currency, amount(total)]));
}

describe('the admin figures per currency', () => {
  const t = useTestApp();

  it('keeps USD, EUR and BRL apart, the same on the dashboard, the revenue days and the CSVs, refunds in their own currency', async () => {
    const admin = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const { customer } = await registerCustomer(t.app, { email: 'two.currencies@example.com' });
    const ofCustomer = { customerId: customer.id, email: customer.email };
    const usd = await paidOrder(t, { packageId: oneMonth.id, totalAmount: '15.99', ...ofCustomer });
    const eur = await paidOrder(t, { packageId: oneMonth.id, totalAmount: '14.99', currency: 'EUR', ...ofCustomer });
    const brl = await paidOrder(t, { packageId: oneMonth.id, totalAmount: '79.90', currency: 'BRL' });
    // Two card orders of $15.99 moved to EUR and BRL once paid: their money goes with them.
    const partlyRefunded = await paidCardOrder(t);
    const refunded = await paidCardOrder(t);
    await setOrderCurrency(t, partlyRefunded, 'EUR');
    await setOrderCurrency(t, refunded, 'BRL');
    // A refund comes off its order's currency: 5.00 of the EUR one, all of the BRL one.
    expect((await orderAction(t, 'refund', partlyRefunded, admin, { amount: '5.00' })).json()).toMatchObject({ paymentStatus: 'completed' });
    expect((await orderAction(t, 'refund', refunded, admin)).statusCode).toBe(200);
    await t.services.jobs.drain();

    const stats = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', cookies: admin })).json<AdminStats>();
    // The spec's fields are the USD figures alone; each currency has its own, never one sum.
    expect(stats.revenue).toEqual({
      total: '15.99',
      thisMonth: '15.99',
      paidOrders: 1,
      byCurrency: { USD: '15.99', EUR: '25.98', BRL: '79.90' },
      thisMonthByCurrency: { USD: '15.99', EUR: '25.98', BRL: '79.90' },
      paidOrdersByCurrency: { USD: 1, EUR: 2, BRL: 1 },
    });
    expect(Object.keys(stats.revenue.byCurrency)).toEqual(['USD', 'EUR', 'BRL']);
    expect(stats.notifications).toEqual({ count: 5, revenue: '15.99', revenueByCurrency: { USD: '15.99', EUR: '25.98', BRL: '79.90' }, devices: 5, uniqueCustomers: 4 });
    expect(stats.revenueByDay.at(-1)!.revenue).toBe('15.99');

    // The revenue days of each currency, USD when none is asked.
    const days = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/admin/revenue?days=30${query}`, cookies: admin })).json<RevenueDay[]>();
    const today = new Date().toISOString().slice(0, 10);
    expect((await days('')).at(-1)).toEqual({ date: today, revenue: '15.99', orders: 1, currency: 'USD' });
    expect((await days('&currency=EUR')).at(-1)).toEqual({ date: today, revenue: '25.98', orders: 2, currency: 'EUR' });
    expect((await days('&currency=BRL')).at(-1)).toEqual({ date: today, revenue: '79.90', orders: 1, currency: 'BRL' });
    const gbp = await days('&currency=GBP');
    expect(gbp).toHaveLength(30);
    expect(gbp.every((day) => day.revenue === '0.00' && day.orders === 0 && day.currency === 'GBP')).toBe(true);

    // orders.csv: each order with its currency; what each currency kept sums to its figure.
    const orderRows = await csv(t, admin, '/api/admin/export/orders.csv');
    expect(orderRows.map((row) => [row['Order ID'], row.Currency, row.Total])).toEqual(
      expect.arrayContaining([
        [usd.id, 'USD', '15.99'],
        [eur.id, 'EUR', '14.99'],
        [brl.id, 'BRL', '79.90'],
        [partlyRefunded, 'EUR', '15.99'],
        [refunded, 'BRL', '15.99'],
      ]),
    );
    const kept = orderRows.filter((row) => ['completed', 'partly_refunded'].includes(row['Payment status']!));
    expect(sumsByCurrency(kept, (row) => cents(row.Total!) - cents(row.Refunded!) - cents(row['Dispute loss']!))).toEqual({ USD: '15.99', EUR: '25.98', BRL: '79.90' });

    // customers.csv: one row per customer per currency paid in; each currency's column sums to its figure.
    const customerRows = await csv(t, admin, '/api/admin/export/customers.csv');
    expect(customerRows.filter((row) => row.Email === 'two.currencies@example.com').map((row) => [row.Currency, row['Paid orders'], row['Paid total']])).toEqual([
      ['USD', '1', '15.99'],
      ['EUR', '1', '14.99'],
    ]);
    expect(sumsByCurrency(customerRows, (row) => cents(row['Paid total']!))).toEqual({ USD: '15.99', EUR: '25.98', BRL: '79.90' });

    // The notifications, the order list and the order's detail say each order's currency.
    const notices = (await t.app.inject({ method: 'GET', url: '/api/purchase-notifications', cookies: admin })).json<PurchaseNotification[]>();
    expect(notices.find((notice) => notice.orderId === brl.id)).toMatchObject({ totalAmount: '79.90', currency: 'BRL' });
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: admin })).json<AdminOrderSummary[]>();
    expect(list.find((order) => order.id === eur.id)).toMatchObject({ totalAmount: '14.99', currency: 'EUR' });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${partlyRefunded}`, cookies: admin })).json<AdminOrderDetail>();
    expect(detail.order).toMatchObject({ currency: 'EUR', refundedAmount: '5.00' });

    // The figures rebuilt from the rows by the migration's own function are the same.
    await t.database.executeSql('select order_figures_rebuild()', []);
    const rebuilt = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', cookies: admin })).json<AdminStats>();
    expect({ revenue: rebuilt.revenue, notifications: rebuilt.notifications }).toEqual({ revenue: stats.revenue, notifications: stats.notifications });
  });

  it('refuses a currency it does not sell in, naming the supported ones', async () => {
    const admin = await signInAdmin(t);
    for (const currency of ['XYZ', 'eur', '']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/revenue?currency=${currency}`, cookies: admin });
      expect(response.statusCode, currency).toBe(400);
      expect(response.json(), currency).toEqual({ message: 'Currency must be one of USD, EUR, GBP, BRL' });
    }
  });

  it('never lets an amount into a tally without a currency', async () => {
    await expect(t.database.executeSql(`insert into order_tallies (tally, currency, shard, count, amount, devices) values ('kept', '', 0, 1, 1.00, 0)`, [])).rejects.toThrow(
      /order_tallies_amount_has_currency/,
    );
  });
});
