import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '#server/db/connect';

/**
 * Jobs of the queues named that wait: due or not yet due, or waiting for a retry after a
 * failure (not those running now). The queue must be installed (JobQueue.ready).
 */
export async function jobsWaiting(db: DbOrTx, queues: readonly string[]): Promise<number> {
  if (queues.length === 0) return 0;
  const names = sql.join(
    queues.map((name) => sql`${name}`),
    sql`, `,
  );
  const [row] = await queryRows<{ waiting: number }>(db, sql`select count(*)::int as waiting from pgboss.job where name in (${names}) and state in ('created', 'retry')`);
  return Number(row?.waiting ?? 0);
}
