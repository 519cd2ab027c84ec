import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations, type Database } from '../../src/server/db/connect';
import { packages } from '../../src/server/schema';
import { newPostgresDatabase } from '../support/test-db';

/**
 * Named prepared statements on PostgreSQL (docs/decisions/0025), seen from the database:
 * pg_prepared_statements lists what the one connection of a pool of one has prepared.
 * PostgreSQL only: PGlite has no pool to name statements on.
 */
describe('prepared statements on PostgreSQL', () => {
  let target: Awaited<ReturnType<typeof newPostgresDatabase>>;
  const opened: Database[] = [];

  beforeAll(async () => {
    target = await newPostgresDatabase('storefront_prepared');
    const setup = await openDatabase({ url: target.url, poolSize: 3 }); // the migration lock holds a connection of its own
    await runMigrations(setup);
    await setup.close();
  });
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await target.drop();
  });

  async function onePool(preparedStatements?: boolean) {
    const database = await openDatabase({ url: target.url, poolSize: 1, ...(preparedStatements === undefined ? {} : { preparedStatements }) });
    opened.push(database);
    return database;
  }

  const prepared = async (database: Database) =>
    (await database.executeSql('select statement from pg_prepared_statements order by prepare_time', [])).rows.map((row) => String(row.statement));

  async function readPackageTwice(database: Database) {
    for (let i = 0; i < 2; i++) await database.db.select({ id: packages.id }).from(packages).where(eq(packages.id, `pkg-${i}`));
  }

  it('prepares a parameterised statement once per connection and runs it again by name', async () => {
    const database = await onePool();
    await readPackageTwice(database);
    await database.executeSql('select $1::int + 1 as two', [1]);
    await database.executeSql('select $1::int + 1 as two', [2]);
    const statements = await prepared(database);
    expect(statements.filter((text) => text.includes('from "packages" where "packages"."id" = $1'))).toHaveLength(1);
    expect(statements.filter((text) => text === 'select $1::int + 1 as two')).toHaveLength(1);
  });

  it('leaves text without parameters unnamed, so several statements in one text still run', async () => {
    const database = await onePool();
    await database.executeSql('select 1; select 2', []);
    expect(await prepared(database)).toEqual([]);
  });

  it('prepares nothing with DATABASE_PREPARED_STATEMENTS=false', async () => {
    const database = await onePool(false);
    await readPackageTwice(database);
    expect(await prepared(database)).toEqual([]);
  });
});
