import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/connect';
import { deleteExpiredSessions } from '#server/http/sessions';
import { deleteExpiredRateLimits } from '#server/http/attempt-limits';
import type { JobQueue } from './queue';

export const HOUSEKEEPING_JOB = 'housekeeping';

/** Removes rows that have run out: ended sessions and attempt counters of past windows. */
export async function runHousekeeping(db: Db): Promise<{ sessions: number; rateLimits: number }> {
  return { sessions: await deleteExpiredSessions(db), rateLimits: await deleteExpiredRateLimits(db) };
}

/** Registers housekeeping every hour, run once across all instances. */
export function scheduleHousekeeping(jobs: JobQueue, db: Db, logger?: FastifyBaseLogger): void {
  jobs.work(HOUSEKEEPING_JOB, async () => {
    const removed = await runHousekeeping(db);
    logger?.info({ removed }, 'housekeeping done');
  });
  jobs.schedule(HOUSEKEEPING_JOB, '17 * * * *');
}
