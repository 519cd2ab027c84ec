import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeEach } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../../src/server/app';
import { parseEnv, type Config } from '../../src/server/config';
import { seedIfEmpty } from '../../src/server/seed';
import type { Clock } from '../../src/server/lib/clock';
import { createServices, type AppDeps, type Services } from '../../src/server/services';
import { createTestDatabase, type TestDatabase } from './test-db';

/**
 * Load shedding by the event loop's delay is off unless a test sets it (decision 0091):
 * app.inject() runs a request through promises alone, so a test that injects requests back to
 * back keeps the loop from turning for a second, which the load plugin rightly takes for a
 * stalled process. Served over sockets, the loop turns between requests.
 */
const TEST_SHEDDING = { SHED_EVENT_LOOP_DELAY_MS: '0' };

/** A configuration as start-up would make it, with test values and the given overrides. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...TEST_SHEDDING, ...overrides });
  return { ...env, SESSION_SECRET: 'test-session-secret-of-at-least-32-chars!!', embeddedDataDir: null };
}

export interface TestApp {
  app: App;
  /** The services the app was built with: tests run jobs and passes through them (decision 0080). */
  services: Services;
  database: TestDatabase;
  config: Config;
}

/** An app and the services it was built with, which the app itself does not hand out (decision 0080). */
export async function buildAppWithServices(deps: AppDeps, options: Omit<BuildOptions, 'services'> = {}): Promise<{ app: App; services: Services }> {
  const services = createServices(deps);
  return { app: await buildApp(deps, { ...options, services }), services };
}

/**
 * Builds the app on a database of this test file's own, emptied and re-seeded before
 * every test. Call at the top of a describe block or file.
 */
export function useTestApp(
  overrides: Record<string, string> = {},
  {
    seed = true,
    providers,
    clientDir = null,
    logger,
    clock,
  }: {
    /** The server's time (a settable clock moves a subscription's life forward); the system clock when absent. */
    clock?: Clock;
    /** Where the app logs (access log, errors); silent when absent. */
    logger?: FastifyBaseLogger;
    seed?: boolean;
    /** A built client's folder to serve; the API only by default. */
    clientDir?: string | null;
    /** Providers to use instead of the configured ones (stand-ins of third parties), made once per file. */
    providers?: (database: TestDatabase) => AppDeps['providers'] | Promise<AppDeps['providers']>;
  } = {},
): TestApp {
  const context = {} as TestApp;
  let ready: Promise<void> | null = null;

  beforeEach(async () => {
    ready ??= (async () => {
      context.config = testConfig(overrides);
      context.database = await createTestDatabase();
      const built = await buildAppWithServices({
        config: context.config,
        database: context.database,
        clientDir,
        providers: await providers?.(context.database),
        logger,
        clock,
      }, { logger });
      context.app = built.app;
      context.services = built.services;
      await context.app.ready();
    })();
    await ready;
    await context.database.truncateAll();
    context.services.catalog.invalidate();
    if (seed) await seedIfEmpty(context.database.db);
  });

  afterAll(async () => {
    if (!ready) return;
    await context.app.close();
    await context.database.destroy();
  });

  return context;
}
