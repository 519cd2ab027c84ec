import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What a global setup's work left in its file: its value, or why it failed. */
type Outcome<T> = { value: T } | { error: string };

/** A global setup's work under way: where its outcome will be, the work itself, and how to remove the file. */
export interface BackgroundWork<T> {
  file: string;
  /** The work's value, or undefined when it failed (the file says why). */
  done: Promise<T | undefined>;
  remove(): void;
}

/**
 * Starts a global setup's work without waiting for it: vitest starts no test file before
 * every project's global setup has returned, so a setup that waited kept both workers idle
 * meanwhile (decisions 0085, 0086). The outcome is written to a file, whole or not at all,
 * which the test files that need it wait for with `backgroundValue`. `work` is given a folder
 * of its own, removed with the file.
 */
export function startInBackground<T>(label: string, work: (folder: string) => Promise<T>): BackgroundWork<T> {
  const folder = mkdtempSync(path.join(tmpdir(), `storefront-${label}-`));
  const file = path.join(folder, 'outcome.json');
  const write = (outcome: Outcome<T>) => {
    writeFileSync(`${file}.partial`, JSON.stringify(outcome));
    renameSync(`${file}.partial`, file);
  };
  const done = work(folder).then(
    (value) => {
      write({ value });
      return value;
    },
    (error: unknown) => {
      write({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return undefined;
    },
  );
  return { file, done, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Waits for the outcome of a global setup's work: its value, or an error naming `what` failed and why. */
export async function backgroundValue<T>(file: string, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return backgroundValueNow<T>(file, what);
}

/** The outcome of a global setup's work that has been waited for. */
export function backgroundValueNow<T>(file: string, what: string): T {
  const outcome = JSON.parse(readFileSync(file, 'utf8')) as Outcome<T>;
  if ('error' in outcome) throw new Error(`${what} failed:\n${outcome.error}`);
  return outcome.value;
}
