import { sql } from 'drizzle-orm';
import { queryRows, type Database, type DbOrTx } from '#server/db/connect';

/**
 * Jobs of the queues named that wait: due or not yet due, or waiting for a retry after a
 * failure (not those running now): the panel view's "provisioning jobs waiting" (decision
 * 0093), where jobs held back by a panel that does not answer are the ones that matter.
 * The queue must be installed (JobQueue.ready).
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

/**
 * Jobs due and not yet taken, by queue, each of `queues` present (0 when none waits): the
 * metrics' store_jobs_waiting (decision 0091). A job waiting for its retry's backoff is not
 * due yet and not counted; `state < 'active'` (created or retry) is pg-boss's own condition
 * for a job it may fetch, which its fetch index covers.
 */
export async function waitingJobs(database: Pick<Database, 'executeSql'>, queues: string[]): Promise<Map<string, number>> {
  const waiting = new Map(queues.map((queue) => [queue, 0]));
  if (queues.length === 0) return waiting;
  const { rows } = await database.executeSql(
    `select name, count(*)::int as waiting from pgboss.job
      where name = any($1::text[]) and state < 'active' and start_after < now()
      group by name`,
    [queues],
  );
  for (const row of rows) waiting.set(row.name as string, Number(row.waiting));
  return waiting;
}
