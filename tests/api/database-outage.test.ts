import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../src/server/schema';
import { checkoutForm, postCheckout, seededPackages } from '../support/checkout';
import { registerCustomer } from '../support/customers';
import { testDbKind } from '../support/test-db';
import { useTestApp } from '../support/test-app';

const OUTAGE_MESSAGE = 'The store is temporarily unavailable. Please try again in a moment.';

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

// Skipped on PGlite, which runs inside the process: there is no connection to lose.
describe.skipIf(testDbKind !== 'postgres')('a database outage (PostgreSQL only: PGlite runs in-process, with no connection to lose)', () => {
  const t = useTestApp();

  it('answers 503 with Retry-After while the database is unreachable, and recovers by itself', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const { cookies } = await registerCustomer(t.app);
    const { rows } = await t.database.executeSql('select current_database() as name', []);
    const name = rows[0]!.name as string;
    // The workers keep polling through the outage; the process must survive their failed polls.
    await t.app.services.jobs.start({ pollIntervalMs: 100 });

    const calls = {
      catalog: () => t.app.inject({ method: 'GET', url: '/api/packages' }),
      checkout: () => postCheckout(t.app, checkoutForm(oneMonth.id, { email: 'outage@example.com' })),
      subscriptions: () => t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies }),
    };
    try {
      await cutOff(name, false);
      t.app.services.catalog.invalidate();
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

  it('keeps answering the package list from memory during an outage', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/packages' });
    const { rows } = await t.database.executeSql('select current_database() as name', []);
    const name = rows[0]!.name as string;
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
