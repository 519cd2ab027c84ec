import { defineConfig } from 'vitest/config';
import { existsSync, mkdtempSync, rmSync, statfsSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
// @ts-expect-error: a plain ESM script shared with `npm start`
import * as bundle from './scripts/build-if-needed.mjs';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Seconds a test file takes per kilobyte of its source, by project, from decision 0079's
 * measurements: what a clean clone (CI) goes by, having no durations of an earlier run.
 */
const SECONDS_PER_KILOBYTE: Record<string, number> = { e2e: 3, 'api-postgres': 1.5, api: 1.5, unit: 0.1 };

/** The store's build on a clean clone, with the suites beside it (decision 0085). */
const STORE_BUILD_SECONDS = 120;

/**
 * The API suites hash passwords at argon2's least cost (src/server/lib/passwords.ts):
 * some 2,500 sign-ups and sign-ins a run at 14-140 ms each (decision 0085).
 */
const CHEAP_PASSWORD_HASHING = { TEST_PASSWORD_HASHING: 'fast' };

/**
 * The unit and API files of a worker share its modules, one after another (decision 0086):
 * each file importing anew cost 258 s of a 552 s run of the API suites, and 30 s of 66 s of
 * the unit suite. Each API file still has a database and an app of its own; what a file
 * changes in a module's state (an environment variable) it undoes.
 */
const SHARED_MODULES = false;

/**
 * Stores a test starts in a process of its own take no load shedding by the event loop's
 * delay (decision 0091): they share two cores with three workers and Chromium, so a second's
 * delay is the test host's, and a shed checkout or page chunk failed a test (the crash test's
 * burst once, the status page once). The shedding has its own test, which sets it.
 */
const NO_SHEDDING_BY_LOOP_DELAY = { SHED_EVENT_LOOP_DELAY_MS: '0' };

const { storeIsBuilt } = bundle as { storeIsBuilt: () => boolean };

const isBrowserFile = (spec: TestSpecification) => spec.project.name === 'e2e';

/**
 * Test files' temporary folders in memory, when /dev/shm has room: PGlite's data folders
 * (a copy of the template per API file), the e2e stores' and Chromium's. On disk, making and
 * removing a file's data folder took 1.6-4.3 s of every API file, under load mostly waiting
 * on the disk, against 1.0 s in memory (decision 0085). The workers, the global setups and
 * the stores they start inherit TMPDIR; one folder per run, removed when the run ends.
 * An explicit TMPDIR is kept.
 */
function temporaryFoldersInMemory(minimumFreeBytes = 4 * 1024 ** 3) {
  const shm = '/dev/shm';
  if (process.env.TMPDIR || !existsSync(shm)) return;
  const { bavail, bsize } = statfsSync(shm);
  if (bavail * bsize < minimumFreeBytes) return;
  const dir = mkdtempSync(path.join(shm, 'storefront-tests-'));
  process.env.TMPDIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
temporaryFoldersInMemory();

/**
 * Every project's files in one queue, the longest first: two workers finish together
 * instead of one running a long browser walkthrough alone at the end (decision 0079).
 * Vitest's own order runs the projects one after another, by name.
 *
 * A project whose files share their workers' modules (`isolate: false`, decision 0086)
 * keeps its files together: vitest hands a worker on to the next file only when that file
 * is of the same project, and starts a new one (its imports again) otherwise.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = new Map(files.map((spec) => [spec, this.expectedSeconds(spec)]));
    const shared = (spec: TestSpecification) => spec.project.config.isolate === false;
    // A shared project's place in the queue is that of its longest file.
    const sharedStart = new Map<string, number>();
    for (const spec of files) if (shared(spec)) sharedStart.set(spec.project.name, Math.max(sharedStart.get(spec.project.name) ?? 0, seconds.get(spec)!));
    const place = (spec: TestSpecification) => (shared(spec) ? sharedStart.get(spec.project.name)! : seconds.get(spec)!);
    const together = (a: TestSpecification, b: TestSpecification) => (shared(a) && shared(b) ? a.project.name.localeCompare(b.project.name) : 0);
    const order = [...files].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || place(b) - place(a) || together(a, b) || seconds.get(b)! - seconds.get(a)!,
    );
    if (!order.some(isBrowserFile) || storeIsBuilt()) return order;
    // The store builds in the background (decision 0085): the browser files, which wait
    // for it, start after the other files expected to keep every worker busy meanwhile.
    const others = order.filter((spec) => !isBrowserFile(spec));
    let first = 0;
    for (let busy = 0; first < others.length && busy < STORE_BUILD_SECONDS * this.ctx.config.maxWorkers; first += 1) busy += seconds.get(others[first]!)!;
    return [...others.slice(0, first), ...order.filter(isBrowserFile), ...others.slice(first)];
  }

  private expectedSeconds(spec: TestSpecification): number {
    const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
    const lastRun = this.ctx.cache.getFileTestResults(key);
    if (lastRun && !lastRun.failed) return lastRun.duration / 1000;
    return (statSync(spec.moduleId).size / 1024) * (SECONDS_PER_KILOBYTE[spec.project.name] ?? 1);
  }
}

/**
 * Suites: unit (domain and client logic), api on PGlite, api on PostgreSQL (when
 * TEST_DATABASE_URL is set, as CI sets it; with the *.postgres.test.ts files), and e2e in Chromium against the built store.
 */
export default defineConfig({
  test: {
    // Vitest gives one worker on 2 cores; two finished the whole suite in 1,896 s against
    // 2,789 s on the same machine (the tests wait on PostgreSQL, Chromium and the store).
    // With two, the cores still idled 13 % of a run (two crash-recovery files waiting for a
    // restarted store side by side, commits waiting for the disk); with three they stayed
    // busy 97 % of it (decision 0086). Every project's files share these workers, the
    // browser files too (each worker has a store of its own), longest first (decision 0079).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/support/unit-setup.ts'],
          isolate: SHARED_MODULES,
          // A whole admin tab driven by user-event takes 3-5 s on a loaded 2-core machine; a
          // hang still fails, three times later.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // Several processes on one database: PostgreSQL only.
          exclude: ['tests/api/**/*.postgres.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/pglite-template.ts'],
          env: { TEST_DB_KIND: 'pglite', ...CHEAP_PASSWORD_HASHING, ...NO_SHEDDING_BY_LOOP_DELAY },
          isolate: SHARED_MODULES,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['tests/api/**/*.test.ts'],
                // The embedded database's own behaviour: PGlite only.
                exclude: ['tests/api/**/*.pglite.test.ts'],
                environment: 'node',
                globalSetup: ['tests/support/postgres-template.ts'],
                env: { TEST_DB_KIND: 'postgres', ...CHEAP_PASSWORD_HASHING, ...NO_SHEDDING_BY_LOOP_DELAY },
                isolate: SHARED_MODULES,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/e2e-global.ts'],
          setupFiles: ['tests/support/e2e-setup.ts'],
          env: NO_SHEDDING_BY_LOOP_DELAY,
          // Two browser files now run beside each other and the API files: a test with a
          // store in its own process passed 60 s at load 30 (decision 0079). A hang still fails.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page answers a click within a second when the machine is quiet, not under a full
          // run: every expect.poll waits up to 10 s unless it names its own timeout. It asks
          // every 250 ms, not vitest's 50: each ask of a page is a query in Chromium, and a
          // page polled every 50 ms kept a fifth of a core busy while the test waited (decision 0116).
          expect: { poll: { timeout: 10_000, interval: 250 } },
        },
      },
    ],
  },
});
