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
 */
export async function copyTemplateIfNew(dataDir: string, templateDir: string): Promise<boolean> {
  if (!isInitialisedDataFolder(templateDir)) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  await replaceFolder(dataDir, async (partial) => cpSync(templateDir, partial, { recursive: true }));
  return true;
}

/**
 * Replaces `targetDir` with a folder made by `make(dir)` beside it under a temporary name,
 * then renamed into place: a crash midway never leaves a half-made folder that looks
 * initialised, nor takes away the one that was there.
 */
export async function replaceFolder(targetDir: string, make: (dir: string) => Promise<void>): Promise<void> {
  const partial = `${targetDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  await make(partial);
  rmSync(targetDir, { recursive: true, force: true });
  renameSync(partial, targetDir);
}
