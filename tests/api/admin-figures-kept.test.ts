import { describe, expect, it } from 'vitest';
import type { AdminStats } from '../../src/contract/admin';
import type { RevenueDay } from '../../src/contract/admin-revenue';
import { checkoutCardOrder, orderAction } from '../support/admin-order-actions';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { paidOrder, pendingOrder } from '../support/paid-orders';
import { useTestApp, type TestApp } from '../support/test-app';
import { keepRevenueDaysIn } from '../../src/server/features/orders/index';
import { revenueByDay } from '../../src/server/features/reports/revenue';

/**
 * The figures the writers keep (drizzle/0019's triggers, decision 0049) against the same
 * figures aggregated from scratch over every row, by figures.ts's definitions, after a mix
 * of writes: purchases, a full and a partial refund, a failure, a hold for review and its
 * release, payment times moved across the store's midnight, a subscription expired and one
 * moved to another customer. The store is in Asia/Kathmandu (+05:45), whose midnight is a
 * quarter past a UTC hour.
 */

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const ZONE = 'Asia/Kathmandu';

async function paidCardOrder(t: TestApp, deviceCount: string) {
  const { orderId, intentId } = await checkoutCardOrder(t, { deviceCount });
  expect((await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD })).statusCode).toBe(200);
  await t.services.jobs.drain();
  return orderId;
}

const sqlRows = async (t: TestApp, text: string, values: unknown[] = []) => (await t.database.executeSql(text, values)).rows;

/** A year of the chart (366 days) in `zone`, from the orders themselves. */
const scratchChart = (t: TestApp, zone: string) =>
  sqlRows(
    t,
    `with daily as (
       select (paid_at at time zone $1::text)::date as day, sum(total_amount - refunded_amount) as revenue,
              (count(*) filter (where total_amount > 0))::int as orders
         from orders where payment_status = 'completed' group by 1)
     select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(daily.revenue, 0)::numeric(14, 2)::text as revenue, coalesce(daily.orders, 0)::int as orders,
            'USD' as currency
       from (select ((now() at time zone $1::text)::date - n)::date as day from generate_series(365, 0, -1) as n) d
       left join daily on daily.day = d.day order by d.day`,
    [zone],
  );

/** Every figure of the cards, the lists' totals and a year of the chart, from the rows themselves. */
async function fromScratch(t: TestApp) {
  const [people] = await sqlRows(
    t,
    `select count(*)::int as count, (count(*) filter (where status = 'active'))::int as active,
            count(distinct customer_id)::int as "uniqueCustomers", coalesce(sum(device_count), 0)::int as devices
       from subscriptions`,
  );
  const [money] = await sqlRows(
    t,
    `select coalesce(sum(total_amount - refunded_amount) filter (where payment_status = 'completed'), 0)::numeric(14, 2)::text as total,
            coalesce(sum(total_amount - refunded_amount) filter (where payment_status = 'completed'
              and paid_at >= date_trunc('month', now() at time zone $1::text) at time zone $1::text), 0)::numeric(14, 2)::text as "thisMonth",
            (count(*) filter (where payment_status = 'completed' and total_amount > 0))::int as "paidOrders"
       from orders`,
    [ZONE],
  );
  const [notices] = await sqlRows(
    t,
    `select count(*)::int as count,
            coalesce(sum(o.total_amount - o.refunded_amount) filter (where o.payment_status = 'completed'), 0)::numeric(14, 2)::text as revenue,
            coalesce(sum(n.device_count), 0)::int as devices, count(distinct n.customer_email)::int as "uniqueCustomers"
       from purchase_notifications n join orders o on o.id = n.order_id`,
  );
  const chart = await scratchChart(t, ZONE);
  const [totals] = await sqlRows(
    t,
    `select (select count(*) from orders)::text as orders, (select count(*) from purchase_notifications)::text as notifications,
            (select count(*) from subscriptions)::text as customers`,
  );
  return {
    people,
    money: { ...money, byCurrency: { USD: money!.total }, thisMonthByCurrency: { USD: money!.thisMonth }, paidOrdersByCurrency: { USD: money!.paidOrders } },
    notices: { ...notices, revenueByCurrency: { USD: notices!.revenue } },
    chart,
    totals,
  };
}

/** The same figures as the admin's screens read them. */
async function asKept(t: TestApp, admin: { asid: string }) {
  const get = (url: string) => t.app.inject({ method: 'GET', url, cookies: admin });
  const stats = (await get('/api/admin/stats')).json<AdminStats>();
  const chart = (await get('/api/admin/revenue?days=366')).json<RevenueDay[]>();
  const totals = {
    orders: (await get('/api/admin/orders')).headers['x-total-count'],
    notifications: (await get('/api/purchase-notifications')).headers['x-total-count'],
    customers: (await get('/api/admin/customers')).headers['x-total-count'],
  };
  return { people: stats.subscriptions, money: stats.revenue, notices: stats.notifications, chart, totals };
}

describe('the figures the writers keep equal the same figures from scratch', () => {
  const t = useTestApp({ STORE_TIME_ZONE: ZONE });

  it('after purchases, refunds, a failure, a review hold, moved payment times and subscription changes', async () => {
    const admin = await signInAdmin(t);
    const { oneMonth, twelveMonths } = await seededPackages(t.app);
    const shared = `twice.${Date.now()}@example.com`;
    const first = await paidOrder(t, { packageId: oneMonth.id, devices: 2, totalAmount: '21.98', email: shared });
    const second = await paidOrder(t, { packageId: twelveMonths.id, totalAmount: '119.99', email: shared });
    const third = await paidOrder(t, { packageId: oneMonth.id, totalAmount: '15.99' });
    await paidOrder(t, { packageId: 'trial-36h', paymentMethod: 'free' });
    await pendingOrder(t, { packageId: oneMonth.id, totalAmount: '15.99' });
    const failed = await pendingOrder(t, { packageId: oneMonth.id, totalAmount: '33.00' });
    await t.services.jobs.drain();
    const refunded = await paidCardOrder(t, '1');
    const partly = await paidCardOrder(t, '1');
    expect((await orderAction(t, 'refund', refunded, admin)).statusCode).toBe(200);
    expect((await orderAction(t, 'refund', partly, admin, { amount: '5.00' })).json()).toMatchObject({ paymentStatus: 'completed' });
    await t.services.jobs.drain();

    // A failed payment, a paid order held for review and released, payment times on both
    // sides of Kathmandu's midnight (18:15 UTC) yesterday, and a completed order without one.
    await sqlRows(t, `update orders set payment_status = 'failed', failure_reason = 'card_declined' where id = $1`, [failed.id]);
    await sqlRows(t, `update orders set payment_status = 'needs_review' where id = $1`, [second.id]);
    const heldFigures = await asKept(t, admin);
    expect(heldFigures.money.paidOrders).toBe(3);
    await sqlRows(t, `update orders set payment_status = 'completed' where id = $1`, [second.id]);
    await sqlRows(t, `update orders set paid_at = date_trunc('day', now()) - interval '1 day' + interval '18 hours 14 minutes 59 seconds' where id = $1`, [first.id]);
    await sqlRows(t, `update orders set paid_at = date_trunc('day', now()) - interval '1 day' + interval '18 hours 15 minutes' where id = $1`, [second.id]);
    await sqlRows(t, `update orders set paid_at = now() - interval '200 days' where id = $1`, [partly]);
    await sqlRows(t, `update orders set paid_at = null where id = $1`, [third.id]);
    // A subscription ran out; another moved to the first order's customer (as an address proof does).
    await sqlRows(t, `update subscriptions set status = 'expired' where order_id = $1`, [third.id]);
    await sqlRows(t, `update subscriptions set customer_id = (select customer_id from orders where id = $1) where order_id = $2`, [first.id, partly]);

    const expected = await fromScratch(t);
    const kept = await asKept(t, admin);
    expect(kept).toEqual(expected);
    // The literals of this mix: $21.98 + $119.99 + $15.99 + $10.99 kept over four paid orders.
    expect(kept.money).toEqual({
      total: '168.95',
      thisMonth: expect.any(String),
      paidOrders: 4,
      byCurrency: { USD: '168.95' },
      thisMonthByCurrency: { USD: expect.any(String) },
      paidOrdersByCurrency: { USD: 4 },
    });
    expect(kept.notices).toEqual({ count: 6, revenue: '168.95', revenueByCurrency: { USD: '168.95' }, devices: 7, uniqueCustomers: 5 });
    expect(kept.people).toMatchObject({ count: 6, active: 4, devices: 7 });
    // The two payments a second apart either side of the store's midnight fall on two days.
    const yesterday = kept.chart.find((day) => day.revenue === '21.98');
    const today = kept.chart.find((day) => day.revenue === '119.99');
    expect(yesterday && today && yesterday.date < today.date).toBe(true);

    // The figures rebuilt from scratch by the migration's own functions are the same rows' sums.
    await sqlRows(t, 'select order_figures_rebuild(), subscription_figures_rebuild()');
    expect(await asKept(t, admin)).toEqual(kept);
  });

  it("keeps the days of the store's zone, rebuilds them for another, and reads any other zone from the quarter hours", async () => {
    const NEW_YORK = 'America/New_York';
    const admin = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    await keepRevenueDaysIn(t.database.db, ZONE);
    expect(await sqlRows(t, 'select time_zone from order_revenue_zone')).toEqual([{ time_zone: ZONE }]);
    // The second and third through the card flow, so that they can be refunded.
    const paid: string[] = [];
    for (const totalAmount of ['10.00', null, null, '40.00', '50.00', '60.00']) {
      paid.push(totalAmount ? (await paidOrder(t, { packageId: oneMonth.id, totalAmount })).id : await paidCardOrder(t, '1'));
    }
    await t.services.jobs.drain();
    // A second either side of New York's midnight 100 and 200 days ago (on both sides of a
    // change of its clocks, whatever the day the test runs), and of Kathmandu's yesterday.
    const newYorkMidnight = (daysAgo: number, seconds: number) =>
      `(date_trunc('day', now() at time zone '${NEW_YORK}') - interval '${daysAgo} days' + interval '${seconds} seconds') at time zone '${NEW_YORK}'`;
    await sqlRows(t, `update orders set paid_at = ${newYorkMidnight(100, -1)} where id = $1`, [paid[0]]);
    await sqlRows(t, `update orders set paid_at = ${newYorkMidnight(100, 0)} where id = $1`, [paid[1]]);
    await sqlRows(t, `update orders set paid_at = ${newYorkMidnight(200, -1)} where id = $1`, [paid[2]]);
    await sqlRows(t, `update orders set paid_at = ${newYorkMidnight(200, 0)} where id = $1`, [paid[3]]);
    // A second before a Kathmandu midnight two UTC days back: one day back fell on New York's
    // today when the test ran between 00:00 and 05:00 UTC, and two of its days ran together.
    await sqlRows(t, `update orders set paid_at = date_trunc('day', now()) - interval '2 days' + interval '18 hours 14 minutes 59 seconds' where id = $1`, [paid[4]]);
    // An old order refunded in part: its day, long past, is lowered.
    expect((await orderAction(t, 'refund', paid[2]!, admin, { amount: '5.00' })).json()).toMatchObject({ paymentStatus: 'completed' });
    await t.services.jobs.drain();

    // The store's zone is read from its days; another zone from the quarter hours.
    expect(Number((await sqlRows(t, 'select count(*) as n from order_revenue_days'))[0]!.n)).toBeGreaterThan(0);
    const keptFigures = await asKept(t, admin);
    expect(keptFigures.chart).toEqual(await scratchChart(t, ZONE));
    expect(keptFigures.money).toEqual((await fromScratch(t)).money);
    expect(await revenueByDay(t.database.db, 366, NEW_YORK)).toEqual(await scratchChart(t, NEW_YORK));

    // The zone changes: the days are rebuilt in it; the old zone is read from the quarter hours.
    expect(await keepRevenueDaysIn(t.database.db, NEW_YORK)).toBe(true);
    expect(await keepRevenueDaysIn(t.database.db, NEW_YORK)).toBe(false);
    expect(await revenueByDay(t.database.db, 366, NEW_YORK)).toEqual(await scratchChart(t, NEW_YORK));
    expect(await revenueByDay(t.database.db, 366, ZONE)).toEqual(await scratchChart(t, ZONE));

    // Writes after the change land on New York's days.
    await paidOrder(t, { packageId: oneMonth.id, totalAmount: '70.00' });
    expect((await orderAction(t, 'refund', paid[1]!, admin)).statusCode).toBe(200);
    await t.services.jobs.drain();
    const newYork = await revenueByDay(t.database.db, 366, NEW_YORK);
    expect(newYork).toEqual(await scratchChart(t, NEW_YORK));
    expect(newYork.filter((day) => day.revenue !== '0.00').length).toBeGreaterThanOrEqual(5);
    await keepRevenueDaysIn(t.database.db, ZONE);
  });
});
