import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * A migrated PGlite data folder, made once by the build (decision 0019). A store started
 * on a new data folder copies it instead of running PostgreSQL's initdb in its own
 * WebAssembly memory, which never shrinks again: a fresh start then costs what reopening
 * an existing folder costs, in time and in memory.
 */

/** A data folder PGlite has initialised holds PG_VERSION. */
export function isInitialisedDataFolder(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Fills a new (absent or empty) data folder with a copy of the template; false when the
 * folder is already in use or there is no template, and PGlite runs initdb as before.
 * The copy lands under a temporary name and is renamed, so a crash mid-copy leaves no
 * half-made folder that would look initialised.
 */
export function copyTemplateIfNew(dataDir: string, templateDir: string): boolean {
  if (!isInitialisedDataFolder(templateDir)) return false;
  if (existsSync(dataDir)) {
    if (readdirSync(dataDir).length > 0) return false;
    rmSync(dataDir, { recursive: true });
  }
  const partial = `${dataDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(templateDir, partial, { recursive: true });
  renameSync(partial, dataDir);
  return true;
}

/** Replaces `targetDir` with a data folder made by `make(dir)`, built beside it and renamed into place. */
export async function writeTemplate(targetDir: string, make: (dir: string) => Promise<void>): Promise<void> {
  const partial = `${targetDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  await make(partial);
  rmSync(targetDir, { recursive: true, force: true });
  renameSync(partial, targetDir);
}
