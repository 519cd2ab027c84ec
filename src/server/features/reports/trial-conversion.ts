import { sql } from 'drizzle-orm';
import type { TrialConversion, TrialWeek } from '#contract/trials';
import { queryRows, type DbOrTx } from '#server/db/connect';
import { trialClaims } from '../checkout/schema';
import { orders } from '../orders/schema';

/**
 * Trials -> paid by ISO week (decision 0101), the last `weeks` weeks of the store's time zone
 * up to the one holding `now`, every week present, zeros included. A trial is a claim with
 * its order; its customer converted when one of their orders with a price was paid after
 * the trial started (and not refunded), whenever that was: a trial of an old week can still
 * convert, so older weeks' rates settle as time passes.
 */
export async function trialConversion(db: DbOrTx, { weeks, now, timeZone }: { weeks: number; now: Date; timeZone: string }): Promise<TrialConversion> {
  const t = trialClaims;
  const o = orders;
  const thisWeek = sql`date_trunc('week', (${now.toISOString()}::timestamptz at time zone ${timeZone}::text))::date`;
  const firstWeek = sql`(${thisWeek} - ${(weeks - 1) * 7}::int)`;
  const rows = await queryRows<TrialWeek>(
    db,
    sql`
    with trials as (
      select date_trunc('week', ${t.claimedAt} at time zone ${timeZone}::text)::date as week_start,
             exists (
               select 1 from ${o} paid
                where paid.customer_id = trial.customer_id
                  and paid.total_amount > 0
                  and paid.paid_at is not null
                  and paid.paid_at > ${t.claimedAt}
                  and paid.payment_status <> 'refunded'
             ) as converted
        from ${t}
        join ${o} trial on trial.id = ${t.orderId}
       where ${t.claimedAt} >= ${firstWeek}::timestamp at time zone ${timeZone}::text
         and trial.customer_id is not null
    )
    select to_char(w.week_start, 'IYYY-"W"IW') as week,
           to_char(w.week_start, 'YYYY-MM-DD') as "weekStart",
           count(trials.week_start)::int as "trialsStarted",
           (count(*) filter (where trials.converted))::int as "paidAfterTrial"
      from (select (${thisWeek} - n * 7)::date as week_start from generate_series(${weeks - 1}::int, 0, -1) as n) w
      left join trials on trials.week_start = w.week_start
     group by w.week_start
     order by w.week_start desc`,
  );
  return {
    timeZone,
    weeks: rows.map((row) => ({
      ...row,
      conversionPercent: row.trialsStarted === 0 ? null : Math.round((row.paidAfterTrial / row.trialsStarted) * 1000) / 10,
    })),
  };
}
