import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../src/server/app';
import { openDatabase, runMigrations, type Database } from '../../src/server/db/connect';
import { setAdminPassword } from '../../src/server/features/admin/service';
import { settableClock } from '../../src/server/lib/clock';
import { seedIfEmpty } from '../../src/server/seed';
import { E2E_ADMIN } from './admin';
import { freePort } from './free-port';
import type { Services } from '../../src/server/services';
import { buildAppWithServices, testConfig, type TestApp } from './test-app';
import type { TestDatabase } from './test-db';
// @ts-expect-error: a plain ESM script shared with `npm start`
import { root } from '../../scripts/build-if-needed.mjs';

export interface StoreWithClock {
  app: App;
  /** The services the store was built with: a test runs its passes and jobs through them. */
  services: Services;
  baseUrl: string;
  clock: ReturnType<typeof settableClock>;
  /** The shape the API tests' helpers take. */
  t: TestApp;
  close(): Promise<void>;
}

/**
 * A store of a browser test's own, in the test's process: the built client, a fresh embedded
 * database and a clock the test moves. Renewals, grace and suspensions need time to pass,
 * which the shared e2e store (the machine's clock) cannot give.
 */
export async function startStoreWithClock(start: string, settings: Record<string, string> = {}): Promise<StoreWithClock> {
  const clock = settableClock(start);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-clock-e2e-'));
  const database: Database = await openDatabase({ dataDir });
  await runMigrations(database);
  await seedIfEmpty(database.db);
  await setAdminPassword(database.db, E2E_ADMIN.username, E2E_ADMIN.password);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = testConfig({ ...settings, PUBLIC_URL: baseUrl });
  const { app, services } = await buildAppWithServices({ config, database, clientDir: path.join(root as string, 'dist', 'client'), clock });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    services,
    baseUrl,
    clock,
    t: { app, services, config, database: database as TestDatabase },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The store of a describe block's own, started before its tests and closed after them:
 * `holder.store` once the tests run.
 */
export function useStoreWithClock(start: string, settings: Record<string, string> = {}) {
  const holder = {} as { store: StoreWithClock };
  beforeAll(async () => {
    holder.store = await startStoreWithClock(start, settings);
  }, 120_000);
  afterAll(async () => {
    await holder.store?.close();
  });
  return holder;
}
