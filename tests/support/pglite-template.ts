import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, runMigrations } from '../../src/server/db/connect';

/**
 * Migrates one PGlite data folder before the API suite; each test file copies it, since
 * opening an existing folder takes a fraction of creating and migrating a new one.
 */
export default async function setup({ provide }: { provide: (key: 'pgliteTemplate', value: string) => void }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-pglite-template-'));
  const database = await openDatabase({ dataDir: dir });
  await runMigrations(database);
  await database.close();
  provide('pgliteTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
