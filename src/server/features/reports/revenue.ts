import { sql } from 'drizzle-orm';
import type { RevenueDay } from '#contract/admin-revenue';
import type { CurrencyCode } from '#domain/currencies';
import { queryRows, type DbOrTx } from '#server/db/connect';
import { orderRevenueBuckets, orderRevenueDays, orderRevenueZone } from '../orders/schema';

/** True when order_revenue_days holds the days of `timeZone` (decision 0050): the kept zone's one row says so. */
export const daysKeptIn = (timeZone: string) =>
  sql`coalesce((select ${orderRevenueZone.timeZone} = ${timeZone}::text from ${orderRevenueZone}), false)`;

/**
 * Revenue net of refunds and paid orders per day of the store's time zone (decision 0034)
 * over the last `days` days (today included), by figures.ts's definitions, as the orders'
 * writers keep them: per day of the kept zone (order_revenue_days, decision 0050), which is
 * STORE_TIME_ZONE once the store has started; for any other zone, from the 15-minute buckets
 * (order_revenue_buckets, decision 0049), each of which lies wholly within one day of any
 * zone. One statement: the kept zone's row decides which part runs. Every day present, zeros
 * included. The dashboards' chart is this query too. One currency's orders only, USD unless
 * asked (decision 0105), each day saying which: a day is never a sum across currencies.
 */
export async function revenueByDay(db: DbOrTx, days: number, timeZone: string, currency: CurrencyCode = 'USD'): Promise<RevenueDay[]> {
  const today = sql`(now() at time zone ${timeZone}::text)::date`;
  const firstDay = sql`(${today} - ${days - 1}::int)`;
  const b = orderRevenueBuckets;
  const d = orderRevenueDays;
  const kept = daysKeptIn(timeZone);
  return queryRows<RevenueDay>(
    db,
    sql`
    with daily as (
      select ${d.day} as day, sum(${d.revenue}) as revenue, sum(${d.paidOrders})::int as orders
        from ${d}
       where ${kept} and ${d.currency} = ${currency}::text and ${d.day} >= ${firstDay}
       group by 1
      union all
      select (${b.bucket} at time zone ${timeZone}::text)::date, sum(${b.revenue}), sum(${b.paidOrders})::int
        from ${b}
       where not ${kept} and ${b.currency} = ${currency}::text and ${b.bucket} >= ${firstDay}::timestamp at time zone ${timeZone}::text
       group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as date,
           coalesce(daily.revenue, 0)::numeric(14, 2)::text as revenue,
           coalesce(daily.orders, 0)::int as orders,
           ${currency}::text as currency
      from (select (${today} - n)::date as day from generate_series(${days - 1}::int, 0, -1) as n) d
      left join daily on daily.day = d.day
     order by d.day`,
  );
}
