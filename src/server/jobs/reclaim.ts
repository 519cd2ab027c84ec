import type { Database } from '#server/db/connect';
import { DUE_AT_ONCE_SQL } from './due-at-once';

/**
 * Puts the jobs whose runner stopped beating (a killed instance's, docs/decisions/0029) back
 * to run now: due at once with a fresh liveness window, not after pg-boss's backoff, which
 * is for runs that failed, and doubles with every earlier attempt. A job with no attempt
 * left is left to pg-boss's maintenance, which fails it. Returns the queues of the jobs put back.
 */
export async function reclaimLapsedJobs(database: Database, queues: string[], livenessSeconds: number): Promise<string[]> {
  if (queues.length === 0) return [];
  const { rows } = await database.executeSql(
    `update pgboss.job
        set state = 'retry', start_after = ${DUE_AT_ONCE_SQL}, expire_in = make_interval(secs => $2),
            output = '{ "message": "its runner stopped beating: put back to run again" }'::jsonb
      where name = any($1::text[]) and state = 'active' and started_on + expire_in < now() and retry_count < retry_limit
      returning name`,
    [queues, livenessSeconds],
  );
  return [...new Set(rows.map((row) => row.name as string))];
}
