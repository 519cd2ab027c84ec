import { describe, expect, it } from 'vitest';
import type { AdminStats, PurchaseNotification } from '../../src/contract/admin';
import type { RevenueDay } from '../../src/contract/admin-revenue';
import { checkoutCardOrder, orderAction, serviceOf } from '../support/admin-order-actions';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { paidOrder } from '../support/paid-orders';
import { useTestApp, type TestApp } from '../support/test-app';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

/** A card order through the checkout, paid with the demo's test card, provisioned, then refunded by the admin. */
async function refundedCardOrder(t: TestApp, admin: { asid: string }, deviceCount: string) {
  const { orderId, intentId } = await checkoutCardOrder(t, { deviceCount });
  const paid = await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD });
  expect(paid.statusCode).toBe(200);
  await t.services.jobs.drain();
  expect((await orderAction(t, 'refund', orderId, admin)).statusCode).toBe(200);
  await t.services.jobs.drain();
  return orderId;
}

/** A $15.99 card order paid with the demo's test card, provisioned, then $5.00 of it refunded: $10.99 kept, still a paid order. */
async function partlyRefundedCardOrder(t: TestApp, admin: { asid: string }) {
  const { orderId, intentId } = await checkoutCardOrder(t, { deviceCount: '1' });
  expect((await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD })).statusCode).toBe(200);
  await t.services.jobs.drain();
  expect((await orderAction(t, 'refund', orderId, admin, { amount: '5.00' })).json()).toMatchObject({ paymentStatus: 'completed' });
  return orderId;
}

/** The customers CSV's rows (no field of this day's customers holds a comma or a quote), without its header. */
async function customerCsvRows(t: TestApp, admin: { asid: string }) {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/export/customers.csv', cookies: admin });
  expect(response.statusCode).toBe(200);
  const [header, ...rows] = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(header).toBe('Customer ID,Email,First name,Last name,Phone,Has account,Created,Currency,Paid orders,Paid total');
  return rows.map((row) => row.split(','));
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('one definition of each admin figure, the same in every place', () => {
  const t = useTestApp();

  it('a day with two refunds, a partial refund, a $0 trial, a box awaiting activation and four kept payments', async () => {
    const admin = await signInAdmin(t);
    const { oneMonth, twelveMonths } = await seededPackages(t.app);
    // Three payments the store keeps: $21.98 + $119.99 + $149.99 = $291.96.
    await paidOrder(t, { packageId: oneMonth.id, devices: 2, totalAmount: '21.98' });
    await paidOrder(t, { packageId: twelveMonths.id, totalAmount: '119.99' });
    const box = await paidOrder(t, { packageId: 'streaming-box', totalAmount: '149.99' });
    // A $0 trial: a subscription, not a paid order.
    await paidOrder(t, { packageId: 'trial-36h', paymentMethod: 'free' });
    await t.services.jobs.drain();
    // Two refunded orders, $15.99 and $21.98: their subscriptions are cancelled, their money not revenue.
    const refunds = [await refundedCardOrder(t, admin, '1'), await refundedCardOrder(t, admin, '2')];
    // $5.00 of a $15.99 order given back: $10.99 kept, so $291.96 + $10.99 = $302.95 over four paid orders.
    const partlyRefunded = await partlyRefundedCardOrder(t, admin);
    expect((await serviceOf(t, partlyRefunded))!.subscription.status).toBe('active');

    expect((await serviceOf(t, box.id))!.subscription.status).toBe('pending_activation');
    for (const orderId of refunds) expect((await serviceOf(t, orderId))!.subscription.status).toBe('cancelled');

    const stats = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', cookies: admin })).json<AdminStats>();
    // Seven subscriptions listed; active only the three paid ones (one partly refunded) and the trial.
    expect(stats.subscriptions).toEqual({ count: 7, active: 4, uniqueCustomers: 7, devices: 9 });
    expect(stats.revenue).toEqual({
      total: '302.95',
      thisMonth: '302.95',
      paidOrders: 4,
      byCurrency: { USD: '302.95' },
      thisMonthByCurrency: { USD: '302.95' },
      paidOrdersByCurrency: { USD: 4 },
    });
    // Every notice is counted and listed; the revenue is the same net figure.
    expect(stats.notifications).toEqual({ count: 7, revenue: '302.95', revenueByCurrency: { USD: '302.95' }, devices: 9, uniqueCustomers: 7 });
    expect(stats.revenueByDay.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), revenue: '302.95' });

    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/customers', cookies: admin });
    expect(listed.headers['x-total-count']).toBe('7');

    const notices = (await t.app.inject({ method: 'GET', url: '/api/purchase-notifications', cookies: admin })).json<PurchaseNotification[]>();
    expect(notices).toHaveLength(7);
    expect(notices.filter((notice) => notice.refunded).map((notice) => notice.orderId).sort()).toEqual([...refunds].sort());
    expect(notices.filter((notice) => notice.refunded).map((notice) => notice.totalAmount).sort()).toEqual(['15.99', '21.98']);

    const days = (await t.app.inject({ method: 'GET', url: '/api/admin/revenue?days=30', cookies: admin })).json<RevenueDay[]>();
    expect(days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), revenue: '302.95', orders: 4, currency: 'USD' });
    expect(days.reduce((sum, day) => sum + cents(day.revenue), 0)).toBe(30295);
    expect(days.reduce((sum, day) => sum + day.orders, 0)).toBe(4);
    expect(stats.revenueByDay.map((day) => day.revenue)).toEqual(days.map((day) => day.revenue));

    const customers = await customerCsvRows(t, admin);
    expect(customers).toHaveLength(7);
    expect(customers.reduce((sum, row) => sum + Number(row[8]), 0)).toBe(4);
    expect(customers.reduce((sum, row) => sum + cents(row[9]!), 0)).toBe(30295);
  });
});
