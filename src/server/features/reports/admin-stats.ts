import { sql } from 'drizzle-orm';
import type { AdminStats } from '#contract/admin';
import { queryRows, type DbOrTx } from '#server/db/connect';
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
  revenue_by_day: string;
}

interface NoticesRow {
  notification_count: number;
  notification_revenue: string;
  notification_devices: number;
  notification_customers: number;
}

/**
 * Every figure of both admin dashboards from aggregates, so the cost stays that of a few
 * index and table scans however many orders there are, and never loads rows. Four
 * statements, one per table group and one of the work waiting, run side by side: on
 * PostgreSQL each takes a pool connection and a core, so the answer takes as long as the
 * slowest, not their sum.
 * Months and days are UTC. Revenue counts completed paid orders, renewals included.
 */
export async function adminStats(db: DbOrTx): Promise<AdminStats> {
  const days = REVENUE_CHART_DAYS - 1;
  const [[people], [money], [notices], waiting] = await Promise.all([
    queryRows<PeopleRow>(
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
    )
    select * from subs, buyers`,
    ),
    queryRows<MoneyRow>(
      db,
      sql`
    with paid as (
      select coalesce(sum(total_amount), 0)::numeric(14, 2)::text as revenue_total,
             coalesce(sum(total_amount) filter (
               where paid_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'), 0)::numeric(14, 2)::text as revenue_this_month,
             count(*)::int as paid_orders
        from orders where payment_status = 'completed'
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
    select * from paid, chart`,
    ),
    queryRows<NoticesRow>(
      db,
      sql`
    with notes as (
      select count(*)::int as notification_count,
             coalesce(sum(total_amount), 0)::numeric(14, 2)::text as notification_revenue,
             coalesce(sum(device_count), 0)::int as notification_devices
        from purchase_notifications
    ), notified as (
      select count(*)::int as notification_customers
        from (select customer_email from purchase_notifications group by customer_email) as addresses
    )
    select * from notes, notified`,
    ),
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
    revenueByDay: JSON.parse(money.revenue_by_day) as AdminStats['revenueByDay'],
    waiting,
  };
}
