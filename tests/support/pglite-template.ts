import path from 'node:path';
import { writeMigratedPgliteFolder } from '../../src/server/db/connect';
import { startInBackground } from './background-setup';

/**
 * Migrates one PGlite data folder for the API suite; each test file copies it, since
 * opening an existing folder takes a fraction of creating and migrating a new one. Made in
 * the background: the unit files run meanwhile, and each API file waits for it in
 * `pgliteTemplate()` of test-db.ts (decision 0086).
 */
export default function setup({ provide }: { provide: (key: 'pgliteTemplateFile', value: string) => void }) {
  const work = startInBackground('pglite-template', async (folder) => {
    const dir = path.join(folder, 'pglite');
    await writeMigratedPgliteFolder(dir);
    return dir;
  });
  provide('pgliteTemplateFile', work.file);
  return async () => {
    await work.done;
    work.remove();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the global setup writes the template's folder, or why it could not make it. */
    pgliteTemplateFile: string;
  }
}
