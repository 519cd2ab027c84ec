import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import type { Database } from '../../src/server/db/connect';
import type { PanelHealth } from '../../src/domain/store-status';
import { createStoreStatus } from '../../src/server/features/incidents/index';
import { systemClock } from '../../src/server/lib/clock';
import { incidents } from '../../src/server/schema';
import { createServices } from '../../src/server/services';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import { testConfig, useTestApp } from '../support/test-app';

/**
 * GET /api/status (decision 0094): Operational, Degraded or Down, from the store's database,
 * the panel's checks and the open incidents, on PGlite and PostgreSQL. Always a 200 with the
 * answer, even when the database cannot be reached: the page exists for outages.
 */
const MINUTE_MS = 60_000;

describe('the status of a store whose panel nobody watches', () => {
  const t = useTestApp();

  it('is operational with no incident, and says how it was read', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    expect(response.json()).toEqual({ status: 'operational', checks: { database: 'reachable', panel: 'not_watched' }, checkedAt: expect.any(String), incidents: [] });
    // No cookie is needed, and none is set.
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

/** A database whose every statement fails as one that cannot be reached does (SQLSTATE 08006). */
function unreachableDatabase(): Database {
  const fail = () => Promise.reject(Object.assign(new Error('connection failure'), { code: '08006', severity: 'FATAL' }));
  const client = { query: fail, exec: fail, transaction: fail };
  return { kind: 'pglite', db: drizzle(client as unknown as PGlite), executeSql: fail, close: () => Promise.resolve() };
}

describe('the status of a store whose database cannot be reached', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), database: unreachableDatabase(), clientDir: null });
    await app.ready();
  });
  afterAll(() => app.close());

  it('is down, answered rather than refused, with the panel checks it cannot read called stale', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/status' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'down', checks: { database: 'unreachable', panel: 'stale' }, incidents: [] });
  });
});

describe('the status with the panel watched', () => {
  let database: TestDatabase;
  let app: App;
  let panel: PanelHealth | Error = { reachable: true, checkedAt: new Date() };

  beforeAll(async () => {
    database = await createTestDatabase();
    const deps = { config: testConfig(), database, clientDir: null };
    const services = createServices(deps);
    // The panel checks' reading, as the wiring hands it over; every call reads afresh.
    const panelHealth = async () => {
      if (panel instanceof Error) throw panel;
      return panel;
    };
    app = await buildApp(deps, { services: { ...services, storeStatus: createStoreStatus({ db: database.db, clock: systemClock, panelHealth, keptMs: 0 }) } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  const statusWith = async (health: PanelHealth | Error) => {
    panel = health;
    const answer = (await app.inject({ method: 'GET', url: '/api/status' })).json<{ status: string; checks: { panel: string } }>();
    return [answer.status, answer.checks.panel];
  };

  it('is down while the panel is unreachable, degraded while its checks are stale or unreadable, operational otherwise', async () => {
    const now = Date.now();
    expect(await statusWith({ reachable: true, checkedAt: new Date(now - MINUTE_MS) })).toEqual(['operational', 'reachable']);
    expect(await statusWith({ reachable: false, checkedAt: new Date(now - MINUTE_MS) })).toEqual(['down', 'unreachable']);
    // The checks stopped: the last one, five minutes old or more, says nothing of now.
    expect(await statusWith({ reachable: true, checkedAt: new Date(now - 6 * MINUTE_MS) })).toEqual(['degraded', 'stale']);
    expect(await statusWith({ reachable: false, checkedAt: new Date(now - 6 * MINUTE_MS) })).toEqual(['degraded', 'stale']);
    expect(await statusWith(new Error('the checks table cannot be read'))).toEqual(['degraded', 'stale']);
    expect(await statusWith({ reachable: null, checkedAt: null })).toEqual(['operational', 'not_watched']);
  });

  it('is degraded while an incident is open, and down when the panel is unreachable as well', async () => {
    await database.db.insert(incidents).values({ title: 'Channels down', message: 'Sports do not start.', startedAt: new Date(), postedBy: 'owner', dedupeKey: 'status-test' });
    expect(await statusWith({ reachable: true, checkedAt: new Date() })).toEqual(['degraded', 'reachable']);
    expect(await statusWith({ reachable: false, checkedAt: new Date() })).toEqual(['down', 'unreachable']);
    expect(await statusWith({ reachable: null })).toEqual(['degraded', 'not_watched']);
  });
});
