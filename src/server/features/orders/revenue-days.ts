import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '#server/db/connect';

/**
 * Keeps the revenue per day in `timeZone` (decision 0050): the store calls it at start-up
 * with STORE_TIME_ZONE. When the kept zone differs (a first start, a changed setting), the
 * days are rebuilt from the quarter hours under a lock that holds off the writers meanwhile
 * (drizzle/0021's `order_revenue_days_keep`). True when they were.
 */
export async function keepRevenueDaysIn(db: DbOrTx, timeZone: string): Promise<boolean> {
  const [row] = await queryRows<{ changed: boolean }>(db, sql`select order_revenue_days_keep(${timeZone}::text) as changed`);
  return row?.changed === true;
}
