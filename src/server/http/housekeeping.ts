import type { Db } from '#server/db/connect';
import { deleteExpiredSessions } from '#server/http/sessions';
import { deleteExpiredRateLimits } from '#server/lib/attempt-limits';

/** Every hour, run once across all instances (the wiring registers it as a job). */
export const HOUSEKEEPING_JOB = 'housekeeping';
export const HOUSEKEEPING_CRON = '17 * * * *';

/** Removes rows that have run out: ended sessions and attempt counters of past windows. */
export async function runHousekeeping(db: Db): Promise<{ sessions: number; rateLimits: number }> {
  return { sessions: await deleteExpiredSessions(db), rateLimits: await deleteExpiredRateLimits(db) };
}
