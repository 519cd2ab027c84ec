// The admin's CSV exports at 100,000 orders on PostgreSQL: rows, seconds and how much the
// store's resident memory grew while it streamed them (it reads 1,000 rows at a time, so
// the growth must stay flat however long the table). `node tests/bench/export.bench.mjs`
// alone, or in `npm run bench`; EXPORT_BENCH_ORDERS makes a smaller run.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { seed } from './admin.bench.mjs';
import { adminCookie, fmt, withBenchStore } from './support.mjs';

const ORDERS = Number(process.env.EXPORT_BENCH_ORDERS ?? 100_000);
const CUSTOMERS = Math.ceil(ORDERS * 0.6);
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

/** A process's resident memory in MB, from Linux's /proc; null elsewhere. */
function residentMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Downloads one export as a browser would, counting its records while sampling the store's memory. */
async function timeExport(store, cookie, path) {
  const before = residentMb(store.child.pid);
  let peak = before;
  const sampler = setInterval(() => {
    const now = residentMb(store.child.pid);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, 20);
  const started = process.hrtime.bigint();
  const response = await fetch(`${store.baseUrl}${path}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  let lineEnds = 0;
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lineEnds += 1;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  const growth = before === null ? 'n/a' : `${fmt(peak - before, 1)} MB (${fmt(before, 0)} -> ${fmt(peak, 0)} MB)`;
  console.log(
    `GET ${path.padEnd(30)} ${fmt(lineEnds - 1).padStart(7)} rows  ${fmt(bytes / 1e6, 1).padStart(5)} MB  ${fmt(seconds, 2).padStart(5)} s   peak RSS growth ${growth}`,
  );
}

export async function benchExport() {
  console.log(`\nCSV exports on PostgreSQL with ${fmt(ORDERS)} orders and ${fmt(CUSTOMERS)} customers, streamed`);
  await withBenchStore('storefront_bench_export', { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, async (store, client) => {
    const seeding = Date.now();
    await seed(client, { orderCount: ORDERS, customerCount: CUSTOMERS });
    console.log(`seeded in ${fmt((Date.now() - seeding) / 1000, 1)} s`);
    const cookie = await adminCookie(store.baseUrl, ADMIN);
    await timeExport(store, cookie, '/api/admin/export/orders.csv');
    await timeExport(store, cookie, '/api/admin/export/customers.csv');
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildIfNeeded();
  await benchExport();
}
