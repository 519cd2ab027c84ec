import { openDatabase, runMigrations } from '../../src/server/db/connect';
import { startInBackground } from './background-setup';
import { newPostgresDatabase } from './test-db';

/**
 * Migrates one PostgreSQL database for the API suite on PostgreSQL; each test file's
 * database is made as a copy of it, a tenth of the time migrating a new one takes
 * (decision 0079, as pglite-template.ts for the embedded database). Made in the
 * background; each file waits for it in `postgresTemplate()` of test-db.ts (decision 0086).
 */
export default function setup({ provide }: { provide: (key: 'postgresTemplateFile', value: string) => void }) {
  let drop = async () => {};
  const work = startInBackground('postgres-template', async () => {
    const template = await newPostgresDatabase('storefront_template');
    drop = template.drop;
    // Two connections: one holds the set-up lock while the other migrates.
    const database = await openDatabase({ url: template.url, poolSize: 2 });
    try {
      await runMigrations(database);
    } finally {
      // A template may have no session open while copies are made from it.
      await database.close();
    }
    return template.name;
  });
  provide('postgresTemplateFile', work.file);
  return async () => {
    await work.done;
    await drop();
    work.remove();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the global setup writes the template's name, or why it could not make it. */
    postgresTemplateFile: string;
  }
}
