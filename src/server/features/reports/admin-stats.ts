import { sql } from 'drizzle-orm';
import type { AdminStats } from '#contract/admin';
import { queryRows, type DbOrTx } from '#server/db/connect';
import { orders, purchaseNotifications } from '../orders/schema';
import { subscriptions } from '../subscriptions/schema';
import { activeSubscription, keptPayment, netRevenue, paidOrderCount } from './figures';
import { revenueByDay } from './revenue';
import { workWaiting } from './work-waiting';

/** Days of revenue the dashboards chart, today included. */
export const REVENUE_CHART_DAYS = 30;

interface PeopleRow {
  subscription_count: number;
  active_subscriptions: number;
  unique_customers: number;
  devices: number;
}

interface MoneyRow {
  revenue_total: string;
  revenue_this_month: string;
  paid_orders: number;
}

interface NoticesRow {
  notification_count: number;
  notification_revenue: string;
  notification_devices: number;
  notification_customers: number;
}

/**
 * Every figure of both admin dashboards from aggregates, so the cost stays that of a few
 * index and table scans however many orders there are, and never loads rows. Five
 * statements (one per table group, the chart's and the work waiting's) run side by side:
 * on PostgreSQL each takes a pool connection and a core, so the answer takes as
 * long as the slowest, not their sum. Months and days are the store's time zone's
 * (decision 0034). Each figure is figures.ts's definition, and the chart is the revenue
 * tab's own query, so the cards, the notifications' summary, the chart and the revenue tab agree.
 */
export async function adminStats(db: DbOrTx, timeZone: string): Promise<AdminStats> {
  // The first instant of this month on the store's calendar.
  const monthStart = sql`date_trunc('month', now() at time zone ${timeZone}::text) at time zone ${timeZone}::text`;
  const [[people], [money], [notices], chart, waiting] = await Promise.all([
    queryRows<PeopleRow>(
      db,
      sql`
    with subs as (
      select count(*)::int as subscription_count,
             (count(*) filter (where ${activeSubscription}))::int as active_subscriptions,
             coalesce(sum(device_count), 0)::int as devices
        from ${subscriptions}
    ), buyers as (
      -- Customers holding a subscription, counted by customer row from the customer_id
      -- index alone (docs/decisions 0012): an address is one row once proven, so this is
      -- its distinct addresses save while an unproven account and a guest row coexist.
      select count(*)::int as unique_customers
        from (select customer_id from subscriptions group by customer_id) as holders
    )
    select * from subs, buyers`,
    ),
    // The WHERE repeats what netRevenue and paidOrderCount already filter on, so that the
    // scan reads only kept orders, from the paid-orders index.
    queryRows<MoneyRow>(
      db,
      sql`
    select ${netRevenue()}::numeric(14, 2)::text as revenue_total,
           ${netRevenue(sql`${orders.paidAt} >= ${monthStart}`)}::numeric(14, 2)::text as revenue_this_month,
           (${paidOrderCount})::int as paid_orders
      from ${orders} where ${keptPayment}`,
    ),
    // The notifications' revenue is their orders' revenue, net of refunds: each notice is
    // joined to its order, whose status says whether its money was kept.
    queryRows<NoticesRow>(
      db,
      sql`
    with notes as (
      select count(*)::int as notification_count,
             ${netRevenue()}::numeric(14, 2)::text as notification_revenue,
             coalesce(sum(${purchaseNotifications.deviceCount}), 0)::int as notification_devices
        from ${purchaseNotifications}
        join ${orders} on ${orders.id} = ${purchaseNotifications.orderId}
    ), notified as (
      select count(*)::int as notification_customers
        from (select customer_email from purchase_notifications group by customer_email) as addresses
    )
    select * from notes, notified`,
    ),
    revenueByDay(db, REVENUE_CHART_DAYS, timeZone),
    workWaiting(db),
  ]);
  if (!people || !money || !notices) throw new Error('a stats query returned no row');
  return {
    subscriptions: {
      count: people.subscription_count,
      active: people.active_subscriptions,
      uniqueCustomers: people.unique_customers,
      devices: people.devices,
    },
    revenue: { total: money.revenue_total, thisMonth: money.revenue_this_month, paidOrders: money.paid_orders },
    notifications: {
      count: notices.notification_count,
      revenue: notices.notification_revenue,
      devices: notices.notification_devices,
      uniqueCustomers: notices.notification_customers,
    },
    revenueByDay: chart.map(({ date, revenue }) => ({ date, revenue })),
    waiting,
  };
}
