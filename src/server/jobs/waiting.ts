import type { Database } from '#server/db/connect';

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
