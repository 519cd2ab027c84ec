import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeMigratedPgliteFolder } from '../../src/server/db/connect';

/**
 * Migrates one PGlite data folder before the API suite; each test file copies it, since
 * opening an existing folder takes a fraction of creating and migrating a new one.
 */
export default async function setup({ provide }: { provide: (key: 'pgliteTemplate', value: string) => void }) {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-pglite-template-')), 'pglite');
  await writeMigratedPgliteFolder(dir);
  provide('pgliteTemplate', dir);
  return () => rmSync(path.dirname(dir), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
