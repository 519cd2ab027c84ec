import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase, projectRoot, runMigrations } from './db/connect';
import { seedIfEmpty } from './seed';
import { createServices } from './services';
import { ensureAdmin } from '#server/features/admin/index';
import { keepRevenueDaysIn } from '#server/features/orders/index';
import { createLogger } from './http/access-log';
import { listen } from './listen';

/** Starts the store (through main.ts): configuration, database, migrations, seed, HTTP server, shutdown. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);

  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.embeddedDataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  await runMigrations(database);
  // config.ts checked the zone against Intl; the database has its own list of zones, and every admin report asks it (decision 0034).
  const zoneKnown = await database.executeSql('select now() at time zone $1::text', [config.STORE_TIME_ZONE]).then(
    () => true,
    () => false,
  );
  if (!zoneKnown) {
    console.error(`Invalid configuration: STORE_TIME_ZONE ${config.STORE_TIME_ZONE} is not a time zone the database knows`);
    await database.close();
    process.exit(1);
  }
  // The revenue chart's days are kept in the store's zone (decision 0050); a changed zone rebuilds them.
  if (await keepRevenueDaysIn(database.db, config.STORE_TIME_ZONE)) logger.info({ timeZone: config.STORE_TIME_ZONE }, 'revenue days kept in the store time zone');
  if (await seedIfEmpty(database.db)) logger.info('seeded the catalog and demo coupons');
  await ensureAdmin(database.db, config, logger);

  // In development Vite's dev server serves the client (npm run dev).
  const clientDir = config.NODE_ENV === 'development' ? null : path.join(projectRoot(), 'dist', 'client');
  const deps = { config, database, clientDir, logger };
  // Made here and handed to the app, so the store holds its job queue itself (decision 0080).
  const services = createServices(deps);
  const app = await buildApp(deps, { logger, services });
  // Provisioning, confirmation mail and the scheduled lifecycle jobs (D10).
  await services.jobs.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.shuttingDown = true;
    logger.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      // Stops taking requests, then the job workers (they finish the jobs in hand), then the database.
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const listening = await listen(app, config);
  logger.info(
    { database: database.kind, publicUrl: config.PUBLIC_URL, listening },
    `store is running at http://localhost:${config.PORT}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
