import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../connect';
import type { BackupKind, RestoreOutcome } from './backup-file';
import { dumpPglite, restorePglite } from './pglite-backup';
import { dumpPostgres, restorePostgres } from './postgres-backup';

/**
 * Backups that restore (docs/decisions/0090): each database in its own format, a restore into
 * a new database that takes the old one's place only once it holds the store, and the
 * scheduled backups' files.
 */
export { BackupError } from './backup-file';
export { dumpPostgres } from './postgres-backup';

/** The database a restore fills: DATABASE_URL's, or the embedded data folder. */
export type RestoreTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** A backup of the open database into `file`, in its own format. */
export async function writeBackup(database: Database, file: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (database.kind === 'pglite') return dumpPglite(database, file);
  if (!database.url) throw new Error('A PostgreSQL database without its URL cannot be backed up');
  return dumpPostgres(database.url, file, env);
}

/**
 * Restores `file` into the target, which must be empty unless `force`; a file that is not a
 * whole backup of this store leaves the target as it was.
 */
export function restoreBackup(target: RestoreTarget, file: string, { force = false, env = process.env }: { force?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<RestoreOutcome> {
  return target.kind === 'postgres' ? restorePostgres(target.url, file, { force, env }) : restorePglite(target.dataDir, file, { force });
}

const HOUR_MS = 3_600_000;

/**
 * When the next scheduled backup is due: the next multiple of `everyHours` since the Unix
 * epoch, in UTC (midnight UTC for 24), the same instant on every instance.
 */
export function nextBackupAt(now: Date, everyHours: number): Date {
  const period = everyHours * HOUR_MS;
  return new Date((Math.floor(now.getTime() / period) + 1) * period);
}

/** The scheduled backups' names, which carry their time: nothing else in the folder is touched. */
const SCHEDULED_NAME = /^store-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}Z\.(dump|tar\.gz)$/;

export function scheduledBackupName(at: Date, kind: BackupKind): string {
  return `store-backup-${at.toISOString().slice(0, 16).replace(':', '-')}Z.${kind === 'postgres' ? 'dump' : 'tar.gz'}`;
}

/** Deletes the scheduled backups in `dir` but the `keep` newest; returns the names deleted. */
export async function pruneScheduledBackups(dir: string, keep: number): Promise<string[]> {
  // The time in the name sorts as text.
  const made = (await readdir(dir)).filter((name) => SCHEDULED_NAME.test(name)).sort();
  const old = made.slice(0, Math.max(0, made.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

/** The scheduled backup due at `at` into `dir`, then the prune to the `keep` newest. */
export async function makeScheduledBackup(database: Database, { dir, keep }: { dir: string; keep: number }, at: Date): Promise<{ file: string; removed: string[] }> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, scheduledBackupName(at, database.kind));
  await writeBackup(database, file);
  return { file, removed: await pruneScheduledBackups(dir, keep) };
}
