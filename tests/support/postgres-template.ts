import { openDatabase, runMigrations } from '../../src/server/db/connect';
import { newPostgresDatabase } from './test-db';

/**
 * Migrates one PostgreSQL database before the API suite on PostgreSQL; each test file's
 * database is made as a copy of it, a tenth of the time migrating a new one takes
 * (decision 0079, as pglite-template.ts for the embedded database).
 */
export default async function setup({ provide }: { provide: (key: 'postgresTemplate', value: string) => void }) {
  const template = await newPostgresDatabase('storefront_template');
  // Two connections: one holds the set-up lock while the other migrates.
  const database = await openDatabase({ url: template.url, poolSize: 2 });
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close();
    await template.drop();
    throw error;
  }
  // A template may have no session open while copies are made from it.
  await database.close();
  provide('postgresTemplate', template.name);
  return () => template.drop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}
