import pg from 'pg';
import { assertBackupKind, assertHoldsStore, BackupError, notOfThisStore, replacedStamp, UNCHANGED, writeThrough, type RestoreOutcome } from './backup-file';
import { databaseNameOf, runTool, ToolFailed, withDatabase } from './postgres-tools';

/**
 * A PostgreSQL store's backup and restore with PostgreSQL's own tools (docs/decisions/0090):
 * pg_dump's custom format, read in one consistent snapshot while the store runs; a restore
 * fills a new database and, once it holds the store, renames it into the place of the one
 * DATABASE_URL names.
 */

/** pg_dump of the URL's database into `file`, in its custom format. */
export async function dumpPostgres(url: string, file: string, env: NodeJS.ProcessEnv): Promise<void> {
  await writeThrough(file, async (partial) => {
    await runTool('pg_dump', ['--format=custom', `--file=${partial}`], { url, env });
  });
}

export interface RestoreOptions {
  /** Replace a database that is not empty (its data is kept under another name). */
  force: boolean;
  env: NodeJS.ProcessEnv;
}

/** PostgreSQL's limit on a name's length, in bytes (NAMEDATALEN - 1). */
const NAME_BYTES = 63;

/** `base` with `suffix`, shortened to fit PostgreSQL's names. */
function sideName(base: string, suffix: string): string {
  let name = base;
  while (Buffer.byteLength(name + suffix) > NAME_BYTES) name = name.slice(0, -1);
  return name + suffix;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** A libpq connection string naming one database, for pg_restore's --dbname. */
const dbnameOption = (name: string) => `dbname='${name.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** Tables outside PostgreSQL's own schemas: a database with none is empty. */
const USER_TABLES = `select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'`;

/** A connection to the server outside the target database, which cannot be renamed while connected to. */
async function connectToServer(url: string): Promise<pg.Client> {
  for (const maintenance of ['postgres', 'template1']) {
    const client = new pg.Client({ connectionString: withDatabase(url, maintenance) });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      if ((error as { code?: string }).code !== '3D000' || maintenance === 'template1') throw error;
    }
  }
  throw new Error('unreachable');
}

/**
 * The target's tables, or null when the database does not exist yet, and the pid of the
 * session that counted them, which may linger a moment after it ends.
 */
async function tablesIn(url: string): Promise<{ tables: number | null; counter: number }> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ tables: number; counter: number }>(`select (${USER_TABLES}) as tables, pg_backend_pid() as counter`);
    return rows[0]!;
  } catch (error) {
    if ((error as { code?: string }).code === '3D000') return { tables: null, counter: 0 };
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** How long a restore waits for sessions on the target to end: one just closed takes a moment. */
const SESSIONS_WAIT_MS = 5_000;

/** The sessions open on `database` but the one that counted its tables, once they stop changing. */
async function sessionsOn(server: pg.Client, database: string, except: number): Promise<number> {
  const deadline = Date.now() + SESSIONS_WAIT_MS;
  for (;;) {
    const { rows } = await server.query<{ sessions: number }>('select count(*)::int as sessions from pg_stat_activity where datname = $1 and pid <> $2', [
      database,
      except,
    ]);
    const sessions = rows[0]!.sessions;
    if (sessions === 0 || Date.now() > deadline) return sessions;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Refuses, before anything is made, a file that pg_restore cannot read or that holds no store. */
async function assertRestorable(url: string, file: string, env: NodeJS.ProcessEnv): Promise<void> {
  await assertBackupKind(file, 'postgres');
  const contents = await runTool('pg_restore', ['--list', file], { url, env }).catch((error: unknown) => {
    if (error instanceof ToolFailed) throw new BackupError(`${file} cannot be read: it is truncated or damaged (${error.details}). ${UNCHANGED}`);
    throw error;
  });
  if (!/ TABLE drizzle __drizzle_migrations /.test(contents)) throw notOfThisStore(file);
}

/**
 * Restores `file` into the URL's database: into a new database first, which takes the
 * target's name only once it holds the store, so a truncated or foreign file leaves the
 * target as it was. The database replaced is kept under another name when it held tables.
 */
export async function restorePostgres(url: string, file: string, { force, env }: RestoreOptions): Promise<RestoreOutcome> {
  await assertRestorable(url, file, env);
  const target = databaseNameOf(url);
  const { tables, counter } = await tablesIn(url);
  if (tables && !force) {
    throw new BackupError(
      `The database "${target}" is not empty (${tables} tables): a restore replaces everything in it. ` +
        `Run again with --force to replace it; the database it replaces is kept under another name. ${UNCHANGED}`,
    );
  }
  const server = await connectToServer(url);
  try {
    const connected = tables === null ? 0 : await sessionsOn(server, target, counter);
    if (connected > 0) {
      const open = connected === 1 ? '1 connection is' : `${connected} connections are`;
      throw new BackupError(`${open} open to the database "${target}": stop every store instance before restoring. ${UNCHANGED}`);
    }
    const fresh = sideName(target, `_restoring_${process.pid}`);
    await server.query(`drop database if exists ${quoted(fresh)} with (force)`);
    await server.query(`create database ${quoted(fresh)} template template0`).catch((error: { code?: string }) => {
      if (error.code === '42501') {
        throw new BackupError(
          `The role of DATABASE_URL may not create databases: a restore fills a new database before it takes the place of "${target}" (ALTER ROLE ... CREATEDB). ${UNCHANGED}`,
        );
      }
      throw error;
    });
    try {
      await fill(url, fresh, file, env);
      return await switchDatabases(server, { target, fresh, existed: tables !== null, empty: !tables });
    } catch (error) {
      await server.query(`drop database if exists ${quoted(fresh)} with (force)`).catch(() => {});
      throw error;
    }
  } finally {
    await server.end().catch(() => {});
  }
}

/** pg_restore into the new database, all or nothing, then a look for the store's tables. */
async function fill(url: string, fresh: string, file: string, env: NodeJS.ProcessEnv): Promise<void> {
  // Objects are owned by the restoring role, with no grants: the dump's roles may not exist here.
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbnameOption(fresh)}`, file];
  await runTool('pg_restore', args, { url, database: fresh, env }).catch((error: unknown) => {
    if (error instanceof ToolFailed) {
      throw new BackupError(`${file} could not be restored: it is truncated or damaged (${error.details}). The database "${databaseNameOf(url)}" was not changed.`);
    }
    throw error;
  });
  const restored = new pg.Client({ connectionString: withDatabase(url, fresh) });
  await restored.connect();
  try {
    await assertHoldsStore((text) => restored.query(text), file);
  } finally {
    await restored.end();
  }
}

/**
 * The new database takes the target's name, and the target another, in one transaction: at
 * every moment the name leads to a whole store. An empty target is dropped afterwards.
 */
async function switchDatabases(
  server: pg.Client,
  { target, fresh, existed, empty }: { target: string; fresh: string; existed: boolean; empty: boolean },
): Promise<RestoreOutcome> {
  const replaced = existed ? sideName(target, `_replaced_${replacedStamp()}`) : null;
  try {
    await server.query('begin');
    if (replaced) await server.query(`alter database ${quoted(target)} rename to ${quoted(replaced)}`);
    await server.query(`alter database ${quoted(fresh)} rename to ${quoted(target)}`);
    await server.query('commit');
  } catch (error) {
    await server.query('rollback').catch(() => {});
    const { code, message } = error as { code?: string; message?: string };
    // 55006: a store connected meanwhile; 42501: the role does not own the target.
    if (code === '55006' || code === '42501') throw new BackupError(`The restored database could not take the place of "${target}" (${message}). ${UNCHANGED}`);
    throw error;
  }
  if (replaced && empty) {
    await server.query(`drop database ${quoted(replaced)}`);
    return { replaced: null };
  }
  return { replaced };
}
