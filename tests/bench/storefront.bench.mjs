// Cold start and idle memory, GET /api/packages against a bare Fastify route answering
// the same bytes and headers, and the landing page's initial JavaScript.
import path from 'node:path';
import { root } from '../../scripts/build-if-needed.mjs';
import { LANDING_JS_BUDGET_KB, landingInitialJs } from '../../scripts/landing-js-budget.mjs';
import { runLoops } from './http-connection.mjs';
import { freePort, residentMb, startAndTime, startStore, stopChild } from './support.mjs';

const IDLE_MS = 5000;
const CONNECTIONS = 50;
const SECONDS = 8;

async function idleRssMb(child) {
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  return residentMb(child.pid);
}

/** Requests per second and exact p50/p99 of GET `url` at 50 connections. */
function loadGet(url) {
  const { pathname } = new URL(url);
  return runLoops(url, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: 2,
    iteration: async (connection) => {
      const answer = await connection.send('GET', pathname);
      if (answer.status !== 200) throw new Error(`GET ${pathname}: ${answer.status}`);
    },
  });
}

export async function benchStorefront() {
  const section = 'Start and memory (PGlite)';
  const fresh = await startStore();
  const rows = [
    { section, name: 'cold start, new data folder, to first 200 from /', value: fresh.startMs, unit: 'ms', target: '< 3,000' },
    { section, name: `idle RSS ${IDLE_MS / 1000} s after (new data folder)`, value: await idleRssMb(fresh.child), unit: 'MB', target: '< 250' },
  ];
  await fresh.stop();
  const warm = await startStore({ DATA_DIR: fresh.dataDir });
  rows.push(
    { section, name: 'cold start, existing data folder, to first 200 from /', value: warm.startMs, unit: 'ms' },
    { section, name: `idle RSS ${IDLE_MS / 1000} s after (existing data folder)`, value: await idleRssMb(warm.child), unit: 'MB', target: '< 250' },
  );

  const packagesUrl = `${warm.baseUrl}/api/packages`;
  const sample = await fetch(packagesUrl);
  const body = await sample.text();
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers = Object.fromEntries([...sample.headers].filter(([name]) => !perConnection.has(name)));
  const store = await loadGet(packagesUrl);
  await warm.stop();

  const barePort = await freePort();
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  const bareEnv = { PORT: String(barePort), BENCH_BODY: body, BENCH_HEADERS: JSON.stringify(headers) };
  const bare = await startAndTime(path.join(root, 'tests/bench/bare-server.mjs'), bareEnv, bareUrl);
  const baseline = await loadGet(bareUrl);
  await stopChild(bare.child);

  const catalog = `Catalog: GET /api/packages (${body.length} bytes), ${CONNECTIONS} connections, ${SECONDS} s; limit = bare Fastify route, same bytes and headers`;
  rows.push(
    { section: catalog, name: 'store requests/s', value: store.perSecond, unit: 'req/s', limit: baseline.perSecond },
    { section: catalog, name: 'store p50', value: store.p50, unit: 'ms', limit: baseline.p50 },
    { section: catalog, name: 'store p99', value: store.p99, unit: 'ms', limit: baseline.p99, target: '< 20' },
    { section: catalog, name: 'requests/s, store / bare', value: store.perSecond / baseline.perSecond, unit: 'x', target: '>= 0.80' },
    { section: catalog, name: 'p99, store / bare', value: store.p99 / baseline.p99, unit: 'x', target: '<= 1.50' },
    { section: catalog, name: 'errors (store + bare)', value: store.errors + baseline.errors, unit: '', target: '0' },
  );

  const initial = landingInitialJs(path.join(root, 'dist/client'));
  rows.push({ section: 'Landing page', name: `initial JavaScript, ${initial.files.length} file(s), gzipped`, value: initial.gzipKb, unit: 'KB', target: `< ${LANDING_JS_BUDGET_KB}` });
  return rows;
}
