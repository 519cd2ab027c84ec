import { sql } from 'drizzle-orm';
import type { AdminStats } from '#contract/admin';
import { queryRows, type DbOrTx } from '#server/db/connect';

/** Days of revenue the dashboards chart, today included. */
export const REVENUE_CHART_DAYS = 30;

interface StatsRow {
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
  revenue_by_day: string;
}

/**
 * Every figure of both admin dashboards in one statement of aggregates, so the cost stays
 * that of a few index and table scans however many orders there are, and never loads rows.
 * Months and days are UTC. Revenue counts completed paid orders, renewals included.
 */
export async function adminStats(db: DbOrTx): Promise<AdminStats> {
  const days = REVENUE_CHART_DAYS - 1;
  const [row] = await queryRows<StatsRow>(
    db,
    sql`
    with subs as (
      select count(*)::int as subscription_count,
             (count(*) filter (where status = 'active'))::int as active_subscriptions,
             coalesce(sum(device_count), 0)::int as devices
        from subscriptions
    ), buyers as (
      -- Customers holding a subscription, counted by customer row from the customer_id
      -- index alone (docs/decisions 0012): an address is one row once proven, so this is
      -- its distinct addresses save while an unproven account and a guest row coexist.
      select count(*)::int as unique_customers
        from (select customer_id from subscriptions group by customer_id) as holders
    ), paid as (
      select coalesce(sum(total_amount), 0)::numeric(14, 2)::text as revenue_total,
             coalesce(sum(total_amount) filter (
               where paid_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'), 0)::numeric(14, 2)::text as revenue_this_month,
             count(*)::int as paid_orders
        from orders where payment_status = 'completed'
    ), notes as (
      select count(*)::int as notification_count,
             coalesce(sum(total_amount), 0)::numeric(14, 2)::text as notification_revenue,
             coalesce(sum(device_count), 0)::int as notification_devices
        from purchase_notifications
    ), notified as (
      select count(*)::int as notification_customers
        from (select customer_email from purchase_notifications group by customer_email) as addresses
    ), daily as (
      select (paid_at at time zone 'UTC')::date as day, sum(total_amount) as revenue
        from orders
       where payment_status = 'completed'
         and paid_at >= ((now() at time zone 'UTC')::date - ${days}::int)::timestamp at time zone 'UTC'
       group by 1
    ), chart as (
      select coalesce(json_agg(json_build_object('date', to_char(d.day, 'YYYY-MM-DD'),
                                                 'revenue', coalesce(daily.revenue, 0)::numeric(14, 2)::text)
                               order by d.day), '[]')::text as revenue_by_day
        from (select ((now() at time zone 'UTC')::date - n)::date as day from generate_series(0, ${days}::int) as n) d
        left join daily on daily.day = d.day
    )
    select * from subs, buyers, paid, notes, notified, chart`,
  );
  if (!row) throw new Error('the stats query returned no row');
  return {
    subscriptions: {
      count: row.subscription_count,
      active: row.active_subscriptions,
      uniqueCustomers: row.unique_customers,
      devices: row.devices,
    },
    revenue: { total: row.revenue_total, thisMonth: row.revenue_this_month, paidOrders: row.paid_orders },
    notifications: {
      count: row.notification_count,
      revenue: row.notification_revenue,
      devices: row.notification_devices,
      uniqueCustomers: row.notification_customers,
    },
    revenueByDay: JSON.parse(row.revenue_by_day) as AdminStats['revenueByDay'],
  };
}
