import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Suites: unit (domain and client logic), api on PGlite, api on PostgreSQL (when
 * TEST_DATABASE_URL is set, as CI sets it; with the *.postgres.test.ts files), and e2e in Chromium against the built store.
 */
export default defineConfig({
  test: {
    // Vitest gives one worker on 2 cores; two finished the whole suite in 1,896 s against
    // 2,789 s on the same machine (the tests wait on PostgreSQL, Chromium and the store).
    // The e2e project stays one file at a time (fileParallelism below).
    maxWorkers: 2,
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/support/unit-setup.ts'],
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
          env: { TEST_DB_KIND: 'pglite' },
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
                env: { TEST_DB_KIND: 'postgres' },
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
