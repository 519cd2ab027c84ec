import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain ESM script shared with `npm start`
import { buildIfNeededInBackground, builtServer, root } from '../../scripts/build-if-needed.mjs';
import { E2E_ADMIN } from './admin';
import { startInBackground } from './background-setup';
import { CHROMIUM_PATH, LAUNCH_ARGS, type E2eStore } from './browser';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The store exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The store did not become ready:\n${output()}`);
}

/** The built server on a free port with a fresh embedded database, as a newcomer's `npm start` would run it. */
async function startStore(): Promise<Omit<E2eStore, 'browserEndpoint'> & { stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  // No shedding by the loop's delay (decision 0091): the suite runs three workers and Chromium
  // on two cores, so a second's delay here is the test host's, and a shed page chunk breaks the
  // page under test (in one CI run a 1280 px status page never showed its heading). Shedding has its own test.
  const child = spawn(process.execPath, [builtServer], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'info', DATABASE_URL: '', NODE_ENV: 'production', ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password, TRUST_PROXY: '1', SHED_EVENT_LOOP_DELAY_MS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The log is kept in a file: tests read emailed links from it (the demo mail logs them).
  const serverLog = path.join(dataDir, 'server.log');
  const log = createWriteStream(serverLog);
  child.stdout.on('data', (chunk) => log.write(chunk));
  child.stderr.on('data', (chunk) => {
    output += chunk;
    log.write(chunk);
  });
  await waitForReady(baseUrl, child, () => output);
  return {
    baseUrl,
    serverLog,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the store if needed and starts one store per worker: browser files run as many at
 * a time as there are workers, beside the other suites, and each worker's files take turns
 * on a store of their own, as all of them took turns on one store before (decision 0079).
 * The build and the starts go on in the background (decision 0085): vitest starts no test
 * before every project's global setup has returned, so a build here kept the workers idle
 * for its 1.5 minutes. The unit and API files run meanwhile; each browser file waits for
 * the stores in e2e-setup.ts, which reads them from the file written here when they answer.
 */
export default function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    const advice = `Browser tests need Chromium at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium`;
    console.error(`\n${'!'.repeat(80)}\n${advice}\n${'!'.repeat(80)}\n`);
    throw new Error(advice);
  }
  const workers = Number(project.config.maxWorkers ?? project.globalConfig.maxWorkers ?? 1);
  let started: Array<Awaited<ReturnType<typeof startWorkerPair>>> = [];
  const work = startInBackground('e2e-stores', async () => {
    started = await startStores(Math.max(1, workers));
    return started.map(({ baseUrl, serverLog, browserEndpoint }) => ({ baseUrl, serverLog, browserEndpoint })) satisfies E2eStore[];
  });
  project.provide('e2eStoresFile', work.file);
  return async () => {
    await work.done;
    await Promise.all(started.map((store) => store.stop()));
    work.remove();
  };
}

/**
 * A store and a Chromium for one worker. The worker's browser files connect to the Chromium
 * rather than each launching its own: a launch cost 1.8 s of a core, some 60 a run, and each
 * file still opens contexts of its own (decision 0116).
 */
async function startWorkerPair(): Promise<E2eStore & { stop(): Promise<void> }> {
  const [store, browser] = await Promise.all([startStore(), chromium.launchServer({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS })]);
  return {
    baseUrl: store.baseUrl,
    serverLog: store.serverLog,
    browserEndpoint: browser.wsEndpoint(),
    async stop() {
      await Promise.all([store.stop(), browser.close()]);
    },
  };
}

async function startStores(count: number): Promise<Array<Awaited<ReturnType<typeof startWorkerPair>>>> {
  await buildIfNeededInBackground();
  const starts = await Promise.allSettled(Array.from({ length: count }, () => startWorkerPair()));
  const stores = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  const failed = starts.find((start) => start.status === 'rejected');
  if (!failed) return stores;
  await Promise.all(stores.map((store) => store.stop()));
  throw failed.reason;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the global setup writes the stores once they answer, or why they could not start. */
    e2eStoresFile: string;
  }
}
