import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, runMigrations, type Database } from '../../src/server/db/connect';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind = (process.env.TEST_DB_KIND ?? 'pglite') as TestDbKind;

export interface TestDatabase extends Database {
  /** Empties every table of the store (not the migrations' bookkeeping). */
  truncateAll(): Promise<void>;
  /** Closes and removes the database. */
  destroy(): Promise<void>;
}

/**
 * A database of its own for one test file: a copy of the migrated PGlite template, or a
 * new PostgreSQL database made from TEST_DATABASE_URL and dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'postgres') return createPostgresDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-pglite-'));
  cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir });
  return withHelpers(database, async () => rmSync(dir, { recursive: true, force: true }));
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server: its URL and how to drop it. */
export async function newPostgresDatabase(prefix = 'storefront_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
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
  const { url, drop } = await newPostgresDatabase();
  const database = await openDatabase({ url, poolSize: 20 });
  await runMigrations(database);
  return withHelpers(database, drop);
}

function withHelpers(database: Database, remove: () => Promise<void>): TestDatabase {
  return {
    ...database,
    async truncateAll() {
      const { rows } = await database.executeSql(
        `select string_agg(format('%I.%I', schemaname, tablename), ', ') as tables
           from pg_tables where schemaname = 'public'`,
        [],
      );
      const tables = rows[0]?.tables as string | null;
      if (tables) await database.executeSql(`truncate ${tables} restart identity cascade`, []);
      // Jobs of the durable queue (pg-boss's own schema) go too; its queues and schedules stay.
      const { rows: queue } = await database.executeSql(`select to_regclass('pgboss.job') is not null as installed`, []);
      if (queue[0]?.installed) await database.executeSql('truncate pgboss.job, pgboss.archive', []);
    },
    async destroy() {
      await database.close();
      await remove();
    },
  };
}
