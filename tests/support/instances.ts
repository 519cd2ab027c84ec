import type { App } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { openDatabase, runMigrations, type Database } from '../../src/server/db/connect';
import type { Clock } from '../../src/server/lib/clock';
import { seedIfEmpty } from '../../src/server/seed';
import type { Services } from '../../src/server/services';
import { buildAppWithServices } from './test-app';

export interface Instance {
  app: App;
  services: Services;
  database: Database;
  config: Config;
}

/**
 * Instances of the store on one PostgreSQL database (config.DATABASE_URL), each with a pool of
 * its own as separate processes would have; the first migrates and seeds it.
 */
export async function startInstances(count: number, { config, clock, poolSize = 10 }: { config: Config; clock: Clock; poolSize?: number }): Promise<Instance[]> {
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const database = await openDatabase({ url: config.DATABASE_URL, poolSize });
    if (i === 0) {
      await runMigrations(database);
      await seedIfEmpty(database.db);
    }
    const { app, services } = await buildAppWithServices({ config, database, clientDir: null, clock });
    await app.ready();
    instances.push({ app, services, database, config });
  }
  return instances;
}

export async function closeInstances(instances: readonly Instance[]): Promise<void> {
  for (const { app, database } of instances) {
    await app.close();
    await database.close();
  }
}
