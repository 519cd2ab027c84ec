// The admin's CSV exports at 100,000 orders on PostgreSQL: rows, seconds and how much the
// store's resident memory grew while it streamed them (it reads 1,000 rows at a time, so
// the growth must stay flat however long the table). `node tests/bench/export.bench.mjs`
// alone, or in `npm run bench`; EXPORT_BENCH_ORDERS makes a smaller run.
import { pathToFileURL } from 'node:url';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { seedOrders } from './admin-seed.mjs';
import { printTable } from './results-table.mjs';
import { adminCookie, fmt, residentMb, withBenchStore } from './support.mjs';

const ORDERS = Number(process.env.EXPORT_BENCH_ORDERS ?? 100_000);
const CUSTOMERS = Math.ceil(ORDERS * 0.6);
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

/** Downloads one export as a browser would, counting its records while sampling the store's memory. */
export async function timeExport(section, store, cookie, path) {
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
  const name = `GET ${path}`;
  return [
    { section, name: `${name}: rows`, value: lineEnds - 1, unit: '' },
    { section, name: `${name}: size`, value: bytes / 1e6, unit: 'MB' },
    { section, name: `${name}: time`, value: seconds, unit: 's' },
    { section, name: `${name}: rows/s`, value: (lineEnds - 1) / seconds, unit: '/s' },
    { section, name: `${name}: peak RSS growth`, value: before === null ? null : peak - before, unit: 'MB', target: '< 50 MB', note: before === null ? 'n/a' : `${fmt(before)} -> ${fmt(peak)} MB` },
  ];
}

export async function benchExport() {
  const section = `CSV exports on PostgreSQL, ${fmt(ORDERS)} orders and ${fmt(CUSTOMERS)} customers, streamed`;
  return withBenchStore('storefront_bench_export', section, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, async (store, client) => {
    await seedOrders((text, values) => client.query(text, values), { orderCount: ORDERS, customerCount: CUSTOMERS });
    const cookie = await adminCookie(store.baseUrl, ADMIN);
    return [
      ...(await timeExport(section, store, cookie, '/api/admin/export/orders.csv')),
      ...(await timeExport(section, store, cookie, '/api/admin/export/customers.csv')),
    ];
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildIfNeeded();
  printTable(await benchExport());
}
