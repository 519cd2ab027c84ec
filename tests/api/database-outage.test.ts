import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import type { Database } from '../../src/server/db/connect';
import { subscriptions } from '../../src/server/schema';
import { checkoutForm, postCheckout, seededPackages } from '../support/checkout';
import { registerCustomer } from '../support/customers';
import { testDbKind } from '../support/test-db';
import { testConfig, useTestApp } from '../support/test-app';

const OUTAGE_MESSAGE = 'The store is temporarily unavailable. Please try again in a moment.';

/** The SQLSTATEs of a database that cannot be reached (decision 0016); the classifier's unit test has each one's meaning. */
const UNREACHABLE_CODES = ['3D000', '08000', '08001', '08003', '08004', '08006', '08007', '08P01', '57P01', '57P02', '57P03', '57P04', '57P05', '53300'];

/** A database whose every statement fails with the error `failure()` gives, as the driver would throw it. */
function failingDatabase(failure: () => Error): Database {
  const fail = () => Promise.reject(failure());
  const client = { query: fail, exec: fail, transaction: fail };
  return { kind: 'pglite', db: drizzle(client as unknown as PGlite), executeSql: fail, close: () => Promise.resolve() };
}

function expectOutageAnswer(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, label: string) {
  expect(response.statusCode, label).toBe(503);
  expect(response.headers['retry-after'], label).toBe('5');
  expect(response.json(), label).toEqual({ message: OUTAGE_MESSAGE });
}

describe('a route whose query fails because the database cannot be reached', () => {
  let code = '';
  let app: App;
  beforeAll(async () => {
    // As node-postgres reports it: an Error with the SQLSTATE in `code`.
    const database = failingDatabase(() => Object.assign(new Error(`a connection failure (${code})`), { code, severity: 'FATAL' }));
    app = await buildApp({ config: testConfig(), database, clientDir: null });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(UNREACHABLE_CODES)('answers 503 with Retry-After for SQLSTATE %s', async (sqlstate) => {
    code = sqlstate;
    expectOutageAnswer(await app.inject({ method: 'GET', url: '/api/packages' }), `${sqlstate} packages`);
    expectOutageAnswer(await postCheckout(app, checkoutForm('1-month')), `${sqlstate} checkout`);
    expectOutageAnswer(await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ada@example.com', password: 'analytical-engine' } }), `${sqlstate} login`);
  });

  it("still answers a query's own failure as the bug it is", async () => {
    code = '42P01';
    const response = await app.inject({ method: 'GET', url: '/api/packages' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
  });
});

/** Refuses new connections to the store's database and ends the open ones, as a failover or a restart would. */
async function cutOff(database: string, allow: boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`alter database "${database}" with allow_connections ${allow}`);
    if (!allow) await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  } finally {
    await admin.end();
  }
}

/** Whether a connection of the store listens on this database, its LISTEN answered. */
async function listening(database: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query(`select 1 from pg_stat_activity where datname = $1 and state = 'idle' and query ilike 'listen %'`, [database]);
    return rows.length > 0;
  } finally {
    await admin.end();
  }
}

/** Takes the store's database away under the running app, as renaming it does: new connections find no such database. */
async function renameDatabase(from: string, to: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`alter database "${from}" with allow_connections false`);
    // A terminated session takes a moment to go, and a database in use cannot be renamed.
    for (let attempt = 0; ; attempt++) {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [from]);
      try {
        await admin.query(`alter database "${from}" rename to "${to}"`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await admin.query(`alter database "${to}" with allow_connections true`);
  } finally {
    await admin.end();
  }
}

/** The SQLSTATE a new connection to the database gets, or null when it connects. */
async function connectionError(database: string): Promise<string | null> {
  const url = Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${database}` });
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? 'unknown';
  }
}

// Skipped on PGlite, which runs inside the process: there is no connection to lose.
describe.skipIf(testDbKind !== 'postgres')('a database outage (PostgreSQL only: PGlite runs in-process, with no connection to lose)', () => {
  const t = useTestApp();

  it('answers 503 with Retry-After while the database is unreachable, and recovers by itself', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const { cookies } = await registerCustomer(t.app);
    const { rows } = await t.database.executeSql('select current_database() as name', []);
    const name = rows[0]!.name as string;
    // The workers keep polling through the outage; the process must survive their failed polls.
    await t.services.jobs.start({ pollIntervalMs: 100 });

    const calls = {
      catalog: () => t.app.inject({ method: 'GET', url: '/api/packages' }),
      checkout: () => postCheckout(t.app, checkoutForm(oneMonth.id, { email: 'outage@example.com' })),
      subscriptions: () => t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies }),
    };
    try {
      await cutOff(name, false);
      t.services.catalog.invalidate();
      for (const [label, call] of Object.entries(calls)) {
        const response = await call();
        expect(response.statusCode, label).toBe(503);
        expect(response.headers['retry-after'], label).toBe('5');
        expect(response.json(), label).toEqual({ message: OUTAGE_MESSAGE });
      }
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      // Long enough for the workers to fail a few polls.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await cutOff(name, true);
    }

    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await calls.catalog()).statusCode).toBe(200);
    const placed = await calls.checkout();
    expect(placed.statusCode).toBe(200);
    expect(placed.json().order.paymentStatus).toBe('pending');
    expect((await calls.subscriptions()).statusCode).toBe(200);

    // A free trial placed now is provisioned by the same workers, with no restart.
    const trial = await postCheckout(t.app, checkoutForm('trial-36h', { selectedGiftCard: '' }));
    expect(trial.statusCode).toBe(200);
    const orderId = trial.json().order.id as string;
    await expect
      .poll(async () => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId))).length, { timeout: 20_000, interval: 200 })
      .toBe(1);
  });

  it('answers 503 with Retry-After while the database is renamed away under it, and recovers once it is back', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const { cookies } = await registerCustomer(t.app);
    const { rows } = await t.database.executeSql('select current_database() as name', []);
    const name = rows[0]!.name as string;
    const calls = {
      catalog: () => t.app.inject({ method: 'GET', url: '/api/packages' }),
      checkout: () => postCheckout(t.app, checkoutForm(oneMonth.id, { email: 'renamed@example.com' })),
      subscriptions: () => t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies }),
    };
    try {
      await renameDatabase(name, `${name}_away`);
      expect(await connectionError(name)).toBe('3D000');
      t.services.catalog.invalidate();
      for (const [label, call] of Object.entries(calls)) expectOutageAnswer(await call(), label);
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
    } finally {
      await renameDatabase(`${name}_away`, name);
    }

    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    for (const [label, call] of Object.entries(calls)) expect((await call()).statusCode, label).toBe(200);
  });

  it('keeps answering the package list from memory during an outage', async () => {
    const { rows } = await t.database.executeSql('select current_database() as name', []);
    const name = rows[0]!.name as string;
    // The outages above ended the catalog's listening connection, which comes back after a
    // pause of up to 5 s and then drops the list kept in memory (decision 0017): wait for it,
    // so that it cannot drop the list this test loads.
    await expect.poll(() => listening(name), { timeout: 20_000, interval: 100 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = await t.app.inject({ method: 'GET', url: '/api/packages' });
    try {
      await cutOff(name, false);
      const during = await t.app.inject({ method: 'GET', url: '/api/packages' });
      expect(during.statusCode).toBe(200);
      expect(during.body).toBe(before.body);
    } finally {
      await cutOff(name, true);
    }
  });
});
