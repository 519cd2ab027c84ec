import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, runMigrations, type Database } from '../../src/server/db/connect';
import { backgroundValue } from './background-setup';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind = (process.env.TEST_DB_KIND ?? 'pglite') as TestDbKind;

export interface TestDatabase extends Database {
  /** Empties every table of the store (not the migrations' bookkeeping). */
  truncateAll(): Promise<void>;
  /** Closes and removes the database. */
  destroy(): Promise<void>;
}

/** The templates' initdb and migrations take 5-30 s, depending on the load (decision 0086). */
const TEMPLATE_WAIT_MS = 5 * 60_000;

/** The migrated PGlite folder to copy, once its global setup (pglite-template.ts) has made it. */
export function pgliteTemplate(): Promise<string> {
  return backgroundValue<string>(inject('pgliteTemplateFile'), 'The migrated PGlite template', TEMPLATE_WAIT_MS);
}

/** The migrated PostgreSQL database to copy, by name, once postgres-template.ts has made it. */
function postgresTemplate(): Promise<string> {
  return backgroundValue<string>(inject('postgresTemplateFile'), 'The migrated PostgreSQL template', TEMPLATE_WAIT_MS);
}

/**
 * A database of its own for one test file: a copy of the migrated PGlite template, or a
 * new PostgreSQL database made from TEST_DATABASE_URL and dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'postgres') return createPostgresDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-pglite-'));
  cpSync(await pgliteTemplate(), dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir });
  return withHelpers(database, async () => rmSync(dir, { recursive: true, force: true }));
}

/**
 * A new PostgreSQL database on TEST_DATABASE_URL's server, empty or a copy of `template`:
 * its name, its URL and how to drop it.
 */
export async function newPostgresDatabase(prefix = 'storefront_test', template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A commit waits for no flush to disk: a test database outlives no crash of the server, and
  // the API suite on PostgreSQL left the cores 20-50 % idle at the end of a run, waiting on the
  // machine's disk (decision 0086). What each session sees is unchanged.
  url.searchParams.set('options', '-c synchronous_commit=off');
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  // A copy of the run's migrated database (postgres-template.ts), as PGlite copies its folder;
  // migrating here too finds nothing left to do.
  const { url, drop } = await newPostgresDatabase('storefront_test', await postgresTemplate());
  const database = await openDatabase({ url, poolSize: 20 });
  await runMigrations(database);
  return withHelpers(database, drop);
}

function withHelpers(database: Database, remove: () => Promise<void>): TestDatabase {
  return {
    ...database,
    async truncateAll() {
      // DELETE, not TRUNCATE: a truncate makes new files for every table and index, 2-4 s a
      // test on PGlite against some 40 ms for deleting a test's few rows (decision 0079).
      // The replica role skips the foreign keys' and totals' triggers, as TRUNCATE does, and
      // sequences start again as with RESTART IDENTITY. The durable queue's jobs go too
      // (pg-boss's own schema); its queues and schedules stay.
      const { rows } = await database.executeSql(
        `select string_agg(statement, ' ') as statements from (
           select format('delete from %I.%I;', schemaname, tablename) as statement from pg_tables
            where schemaname = 'public' or (schemaname = 'pgboss' and tablename in ('job', 'archive'))
           union all
           select format('alter sequence %I.%I restart;', schemaname, sequencename) from pg_sequences where schemaname = 'public'
         ) emptying`,
        [],
      );
      const statements = rows[0]?.statements as string | null;
      if (statements) await database.executeSql(`begin; set local session_replication_role = replica; ${statements} commit;`, []);
    },
    async destroy() {
      await database.close();
      await remove();
    },
  };
}
