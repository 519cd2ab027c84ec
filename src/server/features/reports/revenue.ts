import { sql } from 'drizzle-orm';
import type { RevenueDay } from '#contract/admin-revenue';
import { queryRows, type DbOrTx } from '#server/db/connect';
import { orders } from '../orders/schema';
import { keptPayment, netRevenue, paidOrderCount } from './figures';

/**
 * Revenue net of refunds and paid orders per day of the store's time zone (decision 0034)
 * over the last `days` days (today included), by figures.ts's definitions, from one
 * aggregate over the paid-orders index (orders_paid_idx, whose predicate the WHERE
 * repeats; the window's start is a constant of the statement, so the index bounds it);
 * every day present, zeros included. The dashboards' chart is this query too.
 */
export async function revenueByDay(db: DbOrTx, days: number, timeZone: string): Promise<RevenueDay[]> {
  const today = sql`(now() at time zone ${timeZone}::text)::date`;
  return queryRows<RevenueDay>(
    db,
    sql`
    with daily as (
      select (${orders.paidAt} at time zone ${timeZone}::text)::date as day, ${netRevenue()} as revenue, (${paidOrderCount})::int as orders
        from ${orders}
       where ${keptPayment}
         and ${orders.paidAt} >= (${today} - ${days - 1}::int)::timestamp at time zone ${timeZone}::text
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
