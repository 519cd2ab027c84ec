import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/connect';
import { prebuilt, prebuiltSql } from '../../src/server/db/prebuilt';
import { customers, packages } from '../../src/server/schema';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

/** Statements built once (docs/decisions/0039), on the database kind of this project. */
describe('a prebuilt statement', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('is built once and then runs with each call’s values', async () => {
    let builds = 0;
    const customerByEmail = prebuilt((db) => {
      builds++;
      return db.select({ firstName: customers.firstName }).from(customers).where(eq(customers.email, sql.placeholder('email')));
    });
    await database.db.insert(customers).values([
      { email: 'ann@example.com', firstName: 'Ann', lastName: 'A' },
      { email: 'bob@example.com', firstName: 'Bob', lastName: 'B' },
    ]);

    expect(await customerByEmail(database.db, { email: 'ann@example.com' })).toEqual([{ firstName: 'Ann' }]);
    expect(await customerByEmail(database.db, { email: 'bob@example.com' })).toEqual([{ firstName: 'Bob' }]);
    expect(await customerByEmail(database.db, { email: 'nobody@example.com' })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('runs inside the transaction it is given, after being built outside it', async () => {
    const customerNamed = prebuilt((db) => db.select({ email: customers.email }).from(customers).where(eq(customers.firstName, sql.placeholder('name'))));
    expect(await customerNamed(database.db, { name: 'Cleo' })).toEqual([]);

    const rolledBack = new Error('roll back');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(customers).values({ email: 'cleo@example.com', firstName: 'Cleo', lastName: 'C' });
        // Only the transaction's own connection sees the row it has not committed.
        expect(await customerNamed(tx, { name: 'Cleo' })).toEqual([{ email: 'cleo@example.com' }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await customerNamed(database.db, { name: 'Cleo' })).toEqual([]);
  });

  it('writes each value through its column, as the built query would (a JSON list stays a JSON list)', async () => {
    const addPackage = prebuilt((db) =>
      db
        .insert(packages)
        .values({
          id: sql.placeholder('id'),
          name: sql.placeholder('name'),
          duration: '1 Month',
          durationUnit: 'months',
          durationValue: 1,
          price: sql.placeholder('price'),
          channels: '100+',
          quality: 'HD',
          vod: 'Yes',
          features: sql.placeholder('features'),
        })
        .returning({ id: packages.id, price: packages.price, features: packages.features }),
    );
    expect(await addPackage(database.db, { id: 'prebuilt-a', name: 'A', price: '9.99', features: ['HD', '4K'] })).toEqual([
      { id: 'prebuilt-a', price: '9.99', features: ['HD', '4K'] },
    ]);
    expect(await addPackage(database.db, { id: 'prebuilt-b', name: 'B', price: '19.50', features: [] })).toEqual([{ id: 'prebuilt-b', price: '19.50', features: [] }]);
    const { rows } = await database.executeSql(`select jsonb_typeof(features) as kind from packages where id = 'prebuilt-a'`);
    expect(rows).toEqual([{ kind: 'array' }]);
  });

  it('reads whole rows as the built query does on every call: each column through its decoder, NULL as null', async () => {
    await database.db.insert(packages).values([
      { id: 'rows-a', name: 'Rows A', duration: '1 Month', durationUnit: 'months', durationValue: 1, price: '12.50', cashback: '1.25', channels: '100+', quality: 'HD', vod: null, features: ['HD', 'EPG'], popular: true },
      { id: 'rows-b', name: 'Rows B', duration: '36 Hours', durationUnit: 'hours', durationValue: 36, price: '0.00', channels: '50+', quality: 'SD', vod: 'Yes', features: [] },
    ]);
    const packageById = prebuilt((db) => db.select().from(packages).where(eq(packages.id, sql.placeholder('id'))));
    const expected = async (id: string) => database.db.select().from(packages).where(eq(packages.id, id));
    // The first call runs drizzle's own statement; the later ones the statement made again for their connection.
    for (const id of ['rows-a', 'rows-a', 'rows-b']) {
      const rows = await packageById(database.db, { id });
      expect(rows).toEqual(await expected(id));
      expect(Object.keys(rows[0]!)).toEqual(Object.keys(packages).filter((key) => key in rows[0]!));
    }
    const [a] = await packageById(database.db, { id: 'rows-a' });
    expect(a!.createdAt).toBeInstanceOf(Date);
    expect(a!.features).toEqual(['HD', 'EPG']);
    expect(a!.vod).toBeNull();
    expect(a!.price).toBe('12.50');
    expect(a!.durationValue).toBe(1);
    expect(a!.popular).toBe(true);
  });

  it('reads joined tables as the built query does: a left-joined table without a row is null', async () => {
    const withPackage = prebuilt((db) =>
      db.select({ customer: customers, pkg: packages }).from(customers).leftJoin(packages, eq(packages.name, customers.firstName)).where(eq(customers.email, sql.placeholder('email'))),
    );
    await database.db.insert(customers).values({ email: 'joined-row@example.com', firstName: 'Joined', lastName: 'J' });
    for (let run = 0; run < 2; run++) {
      const [row] = await withPackage(database.db, { email: 'joined-row@example.com' });
      expect(row!.pkg).toBeNull();
      expect(row!.customer.email).toBe('joined-row@example.com');
      expect(row!.customer.createdAt).toBeInstanceOf(Date);
    }
  });

  it('as raw SQL (prebuiltSql): built once, run with each call’s values, in the transaction it is given, rows as the driver gives them', async () => {
    let builds = 0;
    const renamed = prebuiltSql<{ first_name: string }>(() => {
      builds++;
      return sql`update ${customers} set first_name = ${sql.placeholder('name')} where email = ${sql.placeholder('email')} returning first_name`;
    });
    await database.db.insert(customers).values({ email: 'dora@example.com', firstName: 'Dora', lastName: 'D' });
    expect(await renamed(database.db, { name: 'Dorothy', email: 'dora@example.com' })).toEqual([{ first_name: 'Dorothy' }]);
    expect(await renamed(database.db, { name: 'Dot', email: 'nobody@example.com' })).toEqual([]);

    const rolledBack = new Error('roll back');
    await expect(
      database.db.transaction(async (tx) => {
        expect(await renamed(tx, { name: 'Dee', email: 'dora@example.com' })).toEqual([{ first_name: 'Dee' }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const [row] = await database.db.select({ firstName: customers.firstName }).from(customers).where(eq(customers.email, 'dora@example.com'));
    expect(row).toEqual({ firstName: 'Dorothy' });
    expect(builds).toBe(1);
  });

  it('without parameters (prebuiltSql): one statement, prepared once on its connection and run again from its plan', async () => {
    const packageTotal = prebuiltSql<{ total: number }>(() => sql`select count(*)::int as prebuilt_package_total from ${packages}`);
    // One transaction: one connection on PostgreSQL, whose prepared statements the query sees.
    const prepared = await database.db.transaction(async (tx) => {
      await packageTotal(tx);
      await packageTotal(tx);
      return queryRows<{ runs: string }>(tx, sql`select generic_plans + custom_plans as runs from pg_prepared_statements where statement like '%prebuilt_package_total%'`);
    });
    expect(prepared.map((row) => Number(row.runs))).toEqual([2]);
  });

  // prebuilt.ts reaches into drizzle's own objects (decision 0039): these are the names and the
  // order it relies on. An upgrade of drizzle-orm that renames or reorders them fails here, on
  // both drivers, rather than mapping a purchase's rows wrongly at run time.
  it("relies on drizzle internals that are still there: a prepared query's fields and the session's prepareQuery", async () => {
    const prepared = database.db.select().from(customers).where(eq(customers.email, sql.placeholder('email'))).prepare(undefined as unknown as string) as unknown as Record<string, unknown>;
    expect(typeof prepared.getQuery).toBe('function');
    expect((prepared.getQuery as () => unknown)()).toMatchObject({ sql: expect.stringContaining('"customers"'), params: [expect.anything()] });
    expect(Array.isArray(prepared.fields)).toBe(true);
    expect((prepared.fields as { path: string[] }[])[0]).toMatchObject({ path: ['id'], field: expect.anything() });
    expect(prepared._isResponseInArrayMode).toBe(true);
    for (const property of ['customResultMapper', 'queryMetadata', 'cacheConfig', 'joinsNotNullableMap']) expect(prepared).toHaveProperty(property);

    const session = (database.db as unknown as { session: Record<string, unknown> }).session;
    const prepareQuery = session.prepareQuery as (...args: unknown[]) => unknown;
    expect(prepareQuery.toString().slice(0, prepareQuery.toString().indexOf(')') + 1)).toBe(
      'prepareQuery(query, fields, name, isResponseInArrayMode, customResultMapper, queryMetadata, cacheConfig)',
    );
    expect(typeof (session.dialect as Record<string, unknown>).sqlToQuery).toBe('function');
  });
});
