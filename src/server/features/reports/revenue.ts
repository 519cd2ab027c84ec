import { sql } from 'drizzle-orm';
import type { RevenueDay } from '#contract/admin-revenue';
import { queryRows, type DbOrTx } from '#server/db/connect';

/**
 * Paid revenue and paid orders per UTC day over the last `days` days (today included), from
 * one aggregate over the paid-orders index (orders_paid_idx); every day present, zeros included.
 */
export async function revenueByDay(db: DbOrTx, days: number): Promise<RevenueDay[]> {
  return queryRows<RevenueDay>(
    db,
    sql`
    with daily as (
      select (paid_at at time zone 'UTC')::date as day, sum(total_amount) as revenue, count(*)::int as orders
        from orders
       where payment_status = 'completed'
         and paid_at >= ((now() at time zone 'UTC')::date - ${days - 1}::int)::timestamp at time zone 'UTC'
       group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as date,
           coalesce(daily.revenue, 0)::numeric(14, 2)::text as revenue,
           coalesce(daily.orders, 0)::int as orders
      from (select ((now() at time zone 'UTC')::date - n)::date as day from generate_series(${days - 1}::int, 0, -1) as n) d
      left join daily on daily.day = d.day
     order by d.day`,
  );
}
