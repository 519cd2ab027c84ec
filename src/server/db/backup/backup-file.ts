import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * A backup or restore that cannot go on, in words for the operator: the commands print the
 * message alone, without a stack.
 */
export class BackupError extends Error {}

/** Each database's own format (docs/decisions/0090). */
export type BackupKind = 'postgres' | 'pglite';

/** pg_dump's custom format starts with these bytes. */
const PG_DUMP_MAGIC = Buffer.from('PGDMP');
/** gzip's first bytes: the embedded database's backup is its data folder as a gzipped tarball. */
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

const DESCRIPTION: Record<BackupKind, string> = {
  postgres: "a PostgreSQL database's backup (pg_dump's custom format)",
  pglite: "a backup of the embedded database's data folder",
};

const DATABASE_OF: Record<BackupKind, string> = {
  postgres: 'PostgreSQL (DATABASE_URL is set)',
  pglite: 'the embedded database (DATABASE_URL is not set)',
};

export const UNCHANGED = 'Nothing was changed.';

export interface RestoreOutcome {
  /** Where the database the restore replaced is kept, or null when it was empty. */
  replaced: string | null;
}

/** What kind of backup a file is, by its first bytes; null for any other file. */
async function backupKindOf(file: string): Promise<BackupKind | null> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new BackupError(`${file} does not exist. ${UNCHANGED}`);
    throw error;
  });
  try {
    const head = Buffer.alloc(PG_DUMP_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const start = head.subarray(0, bytesRead);
    if (start.equals(PG_DUMP_MAGIC)) return 'postgres';
    if (start.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC)) return 'pglite';
    return null;
  } finally {
    await handle.close();
  }
}

/** Refuses a file that is not a backup of the kind this store's database takes. */
export async function assertBackupKind(file: string, expected: BackupKind): Promise<void> {
  const kind = await backupKindOf(file);
  if (kind === expected) return;
  if (kind === null) {
    throw new BackupError(
      `${file} is not a backup of this store: it is neither ${DESCRIPTION.postgres} nor ${DESCRIPTION.pglite}. ${UNCHANGED}`,
    );
  }
  throw new BackupError(`${file} is ${DESCRIPTION[kind]}, but this store uses ${DATABASE_OF[expected]}. ${UNCHANGED}`);
}

/** A database with no migration history is no store's. */
export function notOfThisStore(file: string): BackupError {
  return new BackupError(
    `${file} is not a backup of this store: the database in it has no migration history (drizzle.__drizzle_migrations). ${UNCHANGED}`,
  );
}

/** Asks a restored database for the store's migration history; refuses one without it. */
export async function assertHoldsStore(query: (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>, file: string): Promise<void> {
  const migrations = await query('select count(*)::int as migrations from drizzle.__drizzle_migrations').then(
    ({ rows }) => Number(rows[0]?.migrations),
    () => 0,
  );
  if (!(migrations > 0)) throw notOfThisStore(file);
}

/**
 * Writes `file` through a temporary name beside it: a backup that fails midway (a full disk,
 * a killed process) never leaves a partial file under the name, nor takes the one there.
 */
export async function writeThrough(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.partial-${process.pid}`);
  try {
    await write(partial);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/** A name for the database or folder a restore replaced: the time it did, to the second. */
export function replacedStamp(now = new Date()): string {
  return now.toISOString().replace(/\D/g, '').slice(0, 14);
}
