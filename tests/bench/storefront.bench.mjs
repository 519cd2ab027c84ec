// Cold start, GET /api/packages against a bare Fastify route, and the
// landing page's initial JavaScript.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../../scripts/build-if-needed.mjs';
import { LANDING_JS_BUDGET_KB, landingInitialJs } from '../../scripts/landing-js-budget.mjs';
import { fmt, freePort, load, startAndTime, startStore, stopChild } from './support.mjs';

const IDLE_MS = 5000;

/** The process's resident memory once it has been idle a while (Linux /proc). */
async function idleRssMb(child) {
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]);
  return kb / 1024;
}

export async function benchStorefront() {
  const fresh = await startStore();
  console.log(`Cold start, new data folder (migrate + seed) to first 200 from /: ${fmt(fresh.startMs)} ms (target < 3,000 ms)`);
  console.log(`  idle memory (RSS) ${IDLE_MS / 1000} s later: ${fmt(await idleRssMb(fresh.child))} MB (target < 250 MB)`);
  await fresh.stop();
  const warm = await startStore({ DATA_DIR: fresh.dataDir });
  console.log(`Cold start, existing data folder to first 200 from /:           ${fmt(warm.startMs)} ms`);
  console.log(`  idle memory (RSS) ${IDLE_MS / 1000} s later: ${fmt(await idleRssMb(warm.child))} MB (target < 250 MB)`);

  const packagesUrl = `${warm.baseUrl}/api/packages`;
  const sample = await fetch(packagesUrl);
  const body = await sample.text();
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers = Object.fromEntries([...sample.headers].filter(([name]) => !perConnection.has(name)));
  await load({ url: packagesUrl, duration: 2 }); // warm-up
  const store = await load({ url: packagesUrl });
  await warm.stop();

  const barePort = await freePort();
  const bare = await startAndTime(path.join(root, 'tests/bench/bare-server.mjs'), { PORT: String(barePort), BENCH_BODY: body, BENCH_HEADERS: JSON.stringify(headers) }, `http://127.0.0.1:${barePort}/`);
  await load({ url: `http://127.0.0.1:${barePort}/`, duration: 2 });
  const baseline = await load({ url: `http://127.0.0.1:${barePort}/` });
  await stopChild(bare.child);

  const row = (name, r) =>
    `${name.padEnd(34)} ${fmt(r.requests.average).padStart(9)} req/s   p50 ${fmt(r.latency.p50, 1).padStart(5)} ms   p99 ${fmt(r.latency.p99, 1).padStart(5)} ms   errors ${r.errors + r.non2xx}`;
  console.log(`\nGET /api/packages, 50 connections, 10 s (${body.length} bytes)`);
  console.log(row('store (PGlite, cached list)', store));
  console.log(row('bare Fastify, same JSON+headers', baseline));
  console.log(`ratio store / bare: ${fmt(store.requests.average / baseline.requests.average, 2)} (target >= 0.80); store p99 ${fmt(store.latency.p99, 1)} ms (target < 20 ms)`);

  const initial = landingInitialJs(path.join(root, 'dist/client'));
  console.log(`\nLanding page initial JavaScript: ${initial.files.length} file(s), ${fmt(initial.gzipKb, 1)} KB gzipped (target < ${LANDING_JS_BUDGET_KB} KB)`);
}
