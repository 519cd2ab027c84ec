import { sql, type AnyColumn } from 'drizzle-orm';
import type { AdminStats } from '#contract/admin';
import { queryRows, type DbOrTx } from '#server/db/connect';
import { orderRevenueBuckets, orderRevenueDays, orderTallies } from '../orders/schema';
import { subscriptionTallies } from '../subscriptions/schema';
import { daysKeptIn, revenueByDay } from './revenue';
import { workWaiting } from './work-waiting';
import { disputeRate } from './dispute-rate';

/** Days of revenue the dashboards chart, today included. */
export const REVENUE_CHART_DAYS = 30;

interface FiguresRow {
  subscription_count: number;
  active_subscriptions: number;
  unique_customers: number;
  devices: number;
  revenue_total: string;
  revenue_this_month: string;
  paid_orders: number;
  notification_count: number;
  notification_revenue: string;
  notification_devices: number;
  notification_customers: number;
}

/**
 * This month's kept revenue: from the days of the kept zone when it is the store's (decision
 * 0050), else from the quarter hours since the month's first instant (a day's start, so a
 * bucket's too).
 */
function revenueThisMonth(timeZone: string) {
  const monthStart = sql`date_trunc('month', now() at time zone ${timeZone}::text)`;
  const kept = daysKeptIn(timeZone);
  const d = orderRevenueDays;
  const b = orderRevenueBuckets;
  return sql`coalesce(case when ${kept}
      then (select sum(${d.revenue}) from ${d} where ${d.day} >= ${monthStart}::date)
      else (select sum(${b.revenue}) from ${b} where ${b.bucket} >= ${monthStart} at time zone ${timeZone}::text) end, 0)`;
}

/**
 * Every figure of both admin dashboards, read from the figures the writers keep (decision
 * 0049: order_tallies, order_revenue_buckets, subscription_tallies, each a few rows per
 * figure however many orders there are), each by figures.ts's definition: the tallies'
 * triggers count exactly what those definitions count. Three statements side by side: the
 * cards', the chart's (the revenue tab's own query, so the cards, the notifications'
 * summary, the chart and the revenue tab agree) and the work waiting's. Months and days are
 * the store's time zone's (decision 0034).
 */
export async function adminStats(db: DbOrTx, timeZone: string): Promise<AdminStats> {
  // The first instant of this month on the store's calendar: a day's start, so a bucket's too.
  const tally = (which: string, column: AnyColumn) =>
    sql`coalesce((select sum(${column}) from ${orderTallies} where ${orderTallies.tally} = ${which}), 0)`;
  const s = subscriptionTallies;
  const [[figures], chart, waiting, disputes] = await Promise.all([
    queryRows<FiguresRow>(
      db,
      sql`
    select coalesce(sum(${s.count}), 0)::int as subscription_count,
           coalesce(sum(${s.active}), 0)::int as active_subscriptions,
           coalesce(sum(${s.holders}), 0)::int as unique_customers,
           coalesce(sum(${s.devices}), 0)::int as devices,
           ${tally('kept', orderTallies.amount)}::numeric(14, 2)::text as revenue_total,
           ${revenueThisMonth(timeZone)}::numeric(14, 2)::text as revenue_this_month,
           ${tally('kept', orderTallies.count)}::int as paid_orders,
           ${tally('notifications', orderTallies.count)}::int as notification_count,
           ${tally('notifications', orderTallies.amount)}::numeric(14, 2)::text as notification_revenue,
           ${tally('notifications', orderTallies.devices)}::int as notification_devices,
           ${tally('notified_addresses', orderTallies.count)}::int as notification_customers
      from ${s}`,
    ),
    revenueByDay(db, REVENUE_CHART_DAYS, timeZone),
    workWaiting(db),
    disputeRate(db),
  ]);
  if (!figures) throw new Error('the stats query returned no row');
  return {
    subscriptions: {
      count: figures.subscription_count,
      active: figures.active_subscriptions,
      uniqueCustomers: figures.unique_customers,
      devices: figures.devices,
    },
    revenue: { total: figures.revenue_total, thisMonth: figures.revenue_this_month, paidOrders: figures.paid_orders },
    notifications: {
      count: figures.notification_count,
      revenue: figures.notification_revenue,
      devices: figures.notification_devices,
      uniqueCustomers: figures.notification_customers,
    },
    revenueByDay: chart.map(({ date, revenue }) => ({ date, revenue })),
    waiting,
    disputeRate: disputes,
  };
}
