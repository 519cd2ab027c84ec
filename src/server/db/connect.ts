import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { listenOnChannel, type ChannelHandlers, type ChannelListener } from './notifications';
import { DATABASE_CONNECT_TIMEOUT_MS } from './outage';
import { lockDataFolder } from './pglite-folder-lock';
import { copyTemplateIfNew, replaceFolder } from './pglite-template';
import { preparePgliteStatements } from './pglite-prepared-statements';
import { prepareStatements } from './prepared-statements';
import { createTurns } from '#server/lib/take-turns';
// No schema object: the store writes its queries with the tables' builders, not drizzle's
// relational API, so db/ needs to know no feature's tables (decision 0031).
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself: service functions accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * Runs raw SQL with positional parameters on whichever driver is open. Parameterless
 * text may hold several statements (pg-boss sends such SQL), which PGlite runs only
 * through `exec`.
 */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  executeSql: ExecuteSql;
  /** The node-postgres pool, when on PostgreSQL. */
  pool?: pg.Pool;
  /** The postgres:// URL, when on PostgreSQL: the client tools (pg_dump) connect with it. */
  url?: string;
  /**
   * The data folder as a gzipped tarball, on PGlite: a backup (docs/decisions/0090). It is
   * taken between two statements, so it is what a crash at that moment would leave.
   */
  dumpDataFolder?(): Promise<Blob>;
  /**
   * Follows NOTIFY on a channel, on PostgreSQL, where other instances may send them.
   * Absent on PGlite: one process has the data folder, so no other instance exists.
   */
  listen?(channel: string, handlers: ChannelHandlers): ChannelListener;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite's data folder; null keeps the embedded database in memory. */
  dataDir?: string | null;
  poolSize?: number;
  /** Parameterised statements become named prepared statements (the default; docs/decisions/0025, 0026). */
  preparedStatements?: boolean;
  /** The migrated folder a new PGlite data folder starts from: the build's by default; null runs initdb. */
  pgliteTemplate?: string | null;
  /** A new PGlite data folder starts as this tarball of another (a restored backup) instead. */
  loadDataDir?: Blob;
}

/**
 * PGlite's postgresql.conf asks for 128 MB of shared buffers, which its WebAssembly memory
 * holds whether used or not. 16 MB keeps this store's hot rows cached and an idle embedded
 * store well under 250 MB of memory (decision 0019).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // While the database is unreachable a request fails after this long (a 503), not never (decision 0016).
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    });
    // An idle client's broken connection must not crash the process: the pool drops it and
    // opens a new one on the next query, so the store recovers once the database is back.
    pool.on('error', () => {});
    if (options.preparedStatements !== false) prepareStatements(pool);
    return {
      kind: 'postgres',
      pool,
      url: options.url,
      db: drizzlePostgres(pool) as unknown as Db,
      executeSql: (text, values) => pool.query(text, values) as never,
      listen: (channel, handlers) => listenOnChannel({ connectionString: options.url }, channel, handlers),
      close: () => pool.end(),
    };
  }
  // One process at a time on a data folder (docs/decisions/0090).
  const release = options.dataDir ? lockDataFolder(options.dataDir) : () => {};
  let client: PGlite;
  try {
    client = await openPglite(options);
  } catch (error) {
    release();
    throw error;
  }
  if (options.preparedStatements !== false) preparePgliteStatements(client);
  return {
    kind: 'pglite',
    db: drizzlePglite(client) as unknown as Db,
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    dumpDataFolder: () => client.dumpDataDir('gzip'),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPglite(options: DatabaseOptions): Promise<PGlite> {
  // A new data folder starts as a copy of the build's migrated template, not from initdb (decision 0019).
  const template = options.pgliteTemplate === undefined ? pgliteTemplateDir() : options.pgliteTemplate;
  if (options.dataDir && template && !options.loadDataDir) await copyTemplateIfNew(options.dataDir, template);
  // PGlite's WebAssembly stays on V8's baseline compiler: its optimised code would cost
  // some 70 MB of memory for a few per cent of speed (decision 0019). Set before PGlite
  // compiles its module; PostgreSQL stores never get here.
  setFlagsFromString('--liftoff-only');
  // pg_trgm backs the admin's search indexes (drizzle/0002), as on PostgreSQL.
  const extensions = { pg_trgm };
  const settings = { extensions, startParams: PGLITE_START_PARAMS, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) };
  const client = options.dataDir ? new PGlite(options.dataDir, settings) : new PGlite(settings);
  await client.waitReady;
  return client;
}

/** The project folder, from the source tree or the built bundle alike. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

/** Where the build leaves the migrated PGlite data folder that new data folders copy. */
export function pgliteTemplateDir(): string {
  return path.join(projectRoot(), 'dist', 'pglite-template');
}

/**
 * Makes `dir` a migrated PGlite data folder (the build's template, the tests' too), from
 * initdb: never from an earlier template, which may hold another branch's schema.
 */
export function writeMigratedPgliteFolder(dir: string): Promise<void> {
  return replaceFolder(dir, async (partial) => {
    const database = await openDatabase({ dataDir: partial, pgliteTemplate: null });
    await runMigrations(database);
    await database.close();
  });
}

const MIGRATION_LOCK_ID = 727_274_001;
const pgliteSetups = createTurns<Db>();

/**
 * Runs start-up set-up (migrations, the job queue's tables and queues) while holding the
 * set-up advisory lock on PostgreSQL, so instances that start together take turns instead
 * of deadlocking (docs/decisions/0015). On PGlite, set-ups in one process take turns.
 */
export async function withSetupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    // One connection: set-up transactions sent as one text must not interleave, so they queue.
    return pgliteSetups(database.db, work);
  }
  // A session-level lock belongs to one connection, so hold it on a dedicated client.
  const lockClient = await database.pool!.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    return await work();
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
}

/** Applies the drizzle-kit migrations, each once however many instances start together. */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolder = path.join(projectRoot(), 'drizzle');
  await withSetupLock(database, () =>
    database.kind === 'pglite'
      ? migratePglite(database.db as never, { migrationsFolder })
      : migratePostgres(database.db as never, { migrationsFolder }),
  );
}

/** Rows of a raw SQL statement, on either driver (both answer `{ rows }`). */
export async function queryRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = await db.execute<Row & Record<string, unknown>>(query);
  return (result as { rows: Row[] }).rows;
}
