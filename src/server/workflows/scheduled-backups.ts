import path from 'node:path';
import type { Config } from '#server/config';
import { makeScheduledBackup, nextBackupAt } from '#server/db/backup/index';
import type { Database } from '#server/db/connect';
import type { JobLogger, JobQueue } from '#server/jobs/queue';
import type { Clock } from '#server/lib/clock';

export const BACKUP_JOB = 'backup';

/** How often each instance makes sure the next backup is on the queue. */
const PLAN_EVERY_SECONDS = 600;

/** A dump may take long on a big store; a failed one is tried again within the hour. */
const BACKUP_JOB_POLICY = { retryLimit: 6, retryDelaySeconds: 60, expireInSeconds: 3600, concurrency: 1 };

/**
 * With BACKUP_DIR set, a backup every BACKUP_EVERY_HOURS by one instance, keeping the
 * BACKUP_KEEP newest (docs/decisions/0090). Each backup is one job, keyed by the time it is
 * due, sent by every instance's check but only before that time comes: the queue holds one
 * job per key, one instance claims it, and no key is sent again once its time has passed, so
 * each period has one backup however many instances run and however long ago the last one
 * was archived. A job waiting while every instance was down runs at the next start.
 */
export function scheduleBackups(
  jobs: JobQueue,
  { config, database, clock, logger }: { config: Config; database: Database; clock: Clock; logger?: Pick<JobLogger, 'info'> | undefined },
) {
  if (!config.BACKUP_DIR) return null;
  const settings = { dir: path.resolve(config.BACKUP_DIR), keep: config.BACKUP_KEEP };
  jobs.work<{ at: string }>(
    BACKUP_JOB,
    async ({ at }) => {
      const { file, removed } = await makeScheduledBackup(database, settings, new Date(at));
      logger?.info({ file, removed }, 'backup made');
    },
    BACKUP_JOB_POLICY,
  );

  /** Puts the next backup on the queue, unless it is there already. */
  async function planNext(): Promise<void> {
    const now = clock.now();
    const at = nextBackupAt(now, config.BACKUP_EVERY_HOURS);
    const delaySeconds = Math.ceil((at.getTime() - now.getTime()) / 1000);
    await jobs.send(BACKUP_JOB, { at: at.toISOString() }, { singletonKey: at.toISOString(), delaySeconds });
  }
  jobs.every('planning the next backup', PLAN_EVERY_SECONDS, planNext);
  return { planNext };
}
