import { sql } from 'drizzle-orm';
import type { RevenueDay } from '#contract/admin-revenue';
import { queryRows, type DbOrTx } from '#server/db/connect';
import { orderRevenueBuckets } from '../orders/schema';

/**
 * Revenue net of refunds and paid orders per day of the store's time zone (decision 0034)
 * over the last `days` days (today included), by figures.ts's definitions, from the
 * 15-minute buckets the orders' writers keep (order_revenue_buckets, decision 0049): a
 * bucket lies wholly within one day of any zone, so summing the buckets by the zone's day
 * of their start is summing the orders by the day of their payment. Every day present,
 * zeros included. The dashboards' chart is this query too.
 */
export async function revenueByDay(db: DbOrTx, days: number, timeZone: string): Promise<RevenueDay[]> {
  const today = sql`(now() at time zone ${timeZone}::text)::date`;
  const b = orderRevenueBuckets;
  return queryRows<RevenueDay>(
    db,
    sql`
    with daily as (
      select (${b.bucket} at time zone ${timeZone}::text)::date as day, sum(${b.revenue}) as revenue, sum(${b.paidOrders})::int as orders
        from ${b}
       where ${b.bucket} >= (${today} - ${days - 1}::int)::timestamp at time zone ${timeZone}::text
       group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as date,
           coalesce(daily.revenue, 0)::numeric(14, 2)::text as revenue,
           coalesce(daily.orders, 0)::int as orders
      from (select (${today} - n)::date as day from generate_series(${days - 1}::int, 0, -1) as n) d
      left join daily on daily.day = d.day
     order by d.day`,
  );
}
