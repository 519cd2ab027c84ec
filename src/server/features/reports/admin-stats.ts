import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AdminStats } from '#contract/admin';
import { SUPPORTED_CURRENCIES, type CurrencyCode } from '#domain/currencies';
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
  notification_count: number;
  notification_devices: number;
  notification_customers: number;
}

/** One currency's money figures (decision 0105). */
interface CurrencyRow {
  currency: CurrencyCode;
  revenue_total: string;
  revenue_this_month: string;
  paid_orders: number;
  notification_revenue: string;
}

/**
 * This month's kept revenue of `currency` (a column of the outer statement): from the days of
 * the kept zone when it is the store's (decision 0050), else from the quarter hours since the
 * month's first instant (a day's start, so a bucket's too).
 */
function revenueThisMonth(timeZone: string, currency: SQL) {
  const monthStart = sql`date_trunc('month', now() at time zone ${timeZone}::text)`;
  const kept = daysKeptIn(timeZone);
  const d = orderRevenueDays;
  const b = orderRevenueBuckets;
  return sql`coalesce(case when ${kept}
      then (select sum(${d.revenue}) from ${d} where ${d.currency} = ${currency} and ${d.day} >= ${monthStart}::date)
      else (select sum(${b.revenue}) from ${b} where ${b.currency} = ${currency} and ${b.bucket} >= ${monthStart} at time zone ${timeZone}::text) end, 0)`;
}

/**
 * Each currency's money figures: USD's always, and every other currency's that has a kept
 * order's or a notification's tally (decision 0105), in SUPPORTED_CURRENCIES' order. Each
 * amount sums one currency's shards only.
 */
function moneyByCurrency(db: DbOrTx, timeZone: string) {
  const t = orderTallies;
  const amount = (which: string) => sql`coalesce(sum(${t.amount}) filter (where ${t.tally} = ${which}), 0)::numeric(14, 2)::text`;
  return queryRows<CurrencyRow>(
    db,
    sql`
    select c.currency, f.revenue_total, f.paid_orders, f.notification_revenue,
           ${revenueThisMonth(timeZone, sql`c.currency`)}::numeric(14, 2)::text as revenue_this_month
      from unnest(${sql.raw(`array[${SUPPORTED_CURRENCIES.map((code) => `'${code}'`).join(', ')}]`)}::text[]) with ordinality as c(currency, place)
      cross join lateral (
        select ${amount('kept')} as revenue_total,
               coalesce(sum(${t.count}) filter (where ${t.tally} = 'kept'), 0)::int as paid_orders,
               ${amount('notifications')} as notification_revenue,
               count(*) filter (where ${t.count} <> 0 or ${t.amount} <> 0) as figures
          from ${t}
         where ${t.tally} in ('kept', 'notifications') and ${t.currency} = c.currency) f
     where c.currency = 'USD' or f.figures > 0
     order by c.place`,
  );
}

/** A figure of each currency present, keyed by its code, USD first. */
function byCurrency<T>(rows: CurrencyRow[], figure: (row: CurrencyRow) => T): { USD: T } & Partial<Record<CurrencyCode, T>> {
  const usd = rows.find((row) => row.currency === 'USD');
  if (!usd) throw new Error('the figures per currency have no USD row');
  return Object.fromEntries(rows.map((row) => [row.currency, figure(row)])) as { USD: T } & Partial<Record<CurrencyCode, T>>;
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
  const [[figures], money, chart, waiting, disputes] = await Promise.all([
    queryRows<FiguresRow>(
      db,
      sql`
    select coalesce(sum(${s.count}), 0)::int as subscription_count,
           coalesce(sum(${s.active}), 0)::int as active_subscriptions,
           coalesce(sum(${s.holders}), 0)::int as unique_customers,
           coalesce(sum(${s.devices}), 0)::int as devices,
           ${tally('notifications', orderTallies.count)}::int as notification_count,
           ${tally('notifications', orderTallies.devices)}::int as notification_devices,
           ${tally('notified_addresses', orderTallies.count)}::int as notification_customers
      from ${s}`,
    ),
    moneyByCurrency(db, timeZone),
    revenueByDay(db, REVENUE_CHART_DAYS, timeZone),
    workWaiting(db),
    disputeRate(db),
  ]);
  if (!figures) throw new Error('the stats query returned no row');
  const revenue = byCurrency(money, (row) => row.revenue_total);
  const thisMonth = byCurrency(money, (row) => row.revenue_this_month);
  const paidOrders = byCurrency(money, (row) => row.paid_orders);
  const notificationRevenue = byCurrency(money, (row) => row.notification_revenue);
  return {
    subscriptions: {
      count: figures.subscription_count,
      active: figures.active_subscriptions,
      uniqueCustomers: figures.unique_customers,
      devices: figures.devices,
    },
    // The spec's fields are the store's default currency's (decision 0105).
    revenue: { total: revenue.USD, thisMonth: thisMonth.USD, paidOrders: paidOrders.USD, byCurrency: revenue, thisMonthByCurrency: thisMonth, paidOrdersByCurrency: paidOrders },
    notifications: {
      count: figures.notification_count,
      revenue: notificationRevenue.USD,
      revenueByCurrency: notificationRevenue,
      devices: figures.notification_devices,
      uniqueCustomers: figures.notification_customers,
    },
    revenueByDay: chart.map(({ date, revenue }) => ({ date, revenue })),
    waiting,
    disputeRate: disputes,
  };
}
