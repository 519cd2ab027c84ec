import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/server/db/connect';
import { packages } from '../../src/server/schema';
import { pgliteTemplate } from '../support/test-db';

/**
 * Named prepared statements on PGlite (docs/decisions/0026), seen from the database:
 * pg_prepared_statements lists what the embedded database's one session has prepared, and
 * every answer and error must be what PGlite's own unnamed path gives.
 */
const folders: string[] = [];
const opened: Database[] = [];

afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function embedded(preparedStatements?: boolean): Promise<Database> {
  const folder = mkdtempSync(path.join(tmpdir(), 'storefront-prepared-'));
  folders.push(folder);
  cpSync(await pgliteTemplate(), folder, { recursive: true });
  const database = await openDatabase({ dataDir: folder, ...(preparedStatements === undefined ? {} : { preparedStatements }) });
  opened.push(database);
  return database;
}

const prepared = async (database: Database) =>
  (await database.executeSql('select statement from pg_prepared_statements order by prepare_time')).rows.map((row) => String(row.statement));

const aPackage = {
  id: 'pkg-prepared',
  name: '3 Months Premium',
  duration: '3 Months',
  durationUnit: 'months' as const,
  durationValue: 3,
  price: '49.99',
  cashback: '15.00',
  channels: '20,000+',
  quality: '4K',
  devices: 2,
  vod: '10,000+ titles',
  features: ['Catch-up', 'EPG'],
  popular: false,
  requiresShipping: false,
};

/** Every type the store sends and reads, through drizzle (array rows, its parsers) and raw SQL (object rows). */
async function answers(database: Database) {
  await database.db.insert(packages).values(aPackage).onConflictDoNothing();
  const [read] = await database.db.select().from(packages).where(eq(packages.id, aPackage.id));
  const { rows } = await database.executeSql(
    'select $1::timestamptz as at, $2::numeric as amount, $3::jsonb as data, $4::boolean as flag, $5::uuid as id, $6::text as missing, $7::text[] as list, $8::int as count',
    [new Date('2026-11-25T10:00:00.000Z'), '12.50', { gift: 'Amazon' }, true, '6f1c2f0e-3a1b-4c5d-8e9f-0a1b2c3d4e5f', null, ['a', 'b'], 3],
  );
  // Drizzle brings its own parsers, which keep a timestamp as PostgreSQL's text.
  const drizzleRows = await queryRows<{ at: unknown }>(database.db, sql`select ${'2026-11-25 10:00:00+00'}::timestamptz as at`);
  const { createdAt, updatedAt, ...rest } = read!;
  return { read: rest, dated: createdAt instanceof Date && updatedAt instanceof Date, rows, drizzleRows };
}

describe('prepared statements on PGlite', () => {
  it('prepares a parameterised statement once and runs it again by name', async () => {
    const database = await embedded();
    for (let i = 0; i < 2; i++) await database.db.select({ id: packages.id }).from(packages).where(eq(packages.id, `pkg-${i}`));
    await database.executeSql('select $1::int + 1 as two', [1]);
    const { rows } = await database.executeSql('select $1::int + 1 as two', [2]);
    expect(rows).toEqual([{ two: 3 }]);
    const statements = await prepared(database);
    expect(statements.filter((text) => text.includes('from "packages" where "packages"."id" = $1'))).toHaveLength(1);
    expect(statements.filter((text) => text === 'select $1::int + 1 as two')).toHaveLength(1);
  });

  it('answers exactly as PGlite unnamed path does, for every type, in rows and in drizzle objects', async () => {
    const named = await answers(await embedded());
    const unnamed = await answers(await embedded(false));
    expect(named).toEqual(unnamed);
    expect(named.read).toMatchObject({ price: '49.99', features: ['Catch-up', 'EPG'], vod: '10,000+ titles', devices: 2 });
    expect(named.dated).toBe(true);
    expect(named.drizzleRows).toEqual([{ at: '2026-11-25 10:00:00+00' }]);
    expect(named.rows).toEqual([
      { at: new Date('2026-11-25T10:00:00.000Z'), amount: '12.50', data: { gift: 'Amazon' }, flag: true, id: '6f1c2f0e-3a1b-4c5d-8e9f-0a1b2c3d4e5f', missing: null, list: ['a', 'b'], count: 3 },
    ]);
  });

  it('fails as PGlite does inside a transaction: the code and the query travel with the error, the transaction rolls back, the next query runs', async () => {
    const database = await embedded();
    const failing = database.db.transaction(async (tx) => {
      await tx.insert(packages).values({ ...aPackage, id: 'pkg-twice' });
      await tx.insert(packages).values({ ...aPackage, id: 'pkg-twice' });
    });
    const error = await failing.then(() => null, (caught: { cause?: { code?: string; query?: string } }) => caught);
    expect(error?.cause?.code).toBe('23505');
    expect(error?.cause?.query).toContain('insert into "packages"');
    expect(await database.db.select({ id: packages.id }).from(packages).where(eq(packages.id, 'pkg-twice'))).toEqual([]);
    await database.db.insert(packages).values({ ...aPackage, id: 'pkg-twice' });
    expect(await database.db.select({ id: packages.id }).from(packages).where(eq(packages.id, 'pkg-twice'))).toEqual([{ id: 'pkg-twice' }]);
  });

  it('does not remember a statement that failed to prepare: it fails the same way again, then runs once it can', async () => {
    const database = await embedded();
    for (let i = 0; i < 2; i++) {
      await expect(database.executeSql('select count(*)::int + $1 as n from later_table', [1])).rejects.toMatchObject({ code: '42P01' });
    }
    await database.executeSql('create table later_table (id int)');
    expect((await database.executeSql('select count(*)::int + $1 as n from later_table', [1])).rows).toEqual([{ n: 1 }]);
  });

  it('leaves text without parameters unnamed, so several statements in one text still run', async () => {
    const database = await embedded();
    await database.executeSql('select 1; select 2');
    expect(await prepared(database)).toEqual([]);
  });

  it('prepares nothing with DATABASE_PREPARED_STATEMENTS=false', async () => {
    const database = await embedded(false);
    await database.db.select({ id: packages.id }).from(packages).where(eq(packages.id, 'pkg-1'));
    await database.executeSql('select $1::int + 1 as two', [1]);
    expect(await prepared(database)).toEqual([]);
  });
});
