// Whole purchases (checkout, demo card confirm, payment-success notice) by N concurrent
// buyers, on PGlite and PostgreSQL, beside the machine's limit for the same three calls: a
// bare Fastify process doing one small transaction per call on the same kind of database.
// Also the statements the store sends PostgreSQL per purchase, and its RSS under load.
import path from 'node:path';
import { root } from '../../scripts/build-if-needed.mjs';
import { openConnection, runLoops } from './http-connection.mjs';
import { startStatementCounter } from './statement-counter.mjs';
import { cpuMs, freePort, postgresCpuMs, residentMb, startAndTime, startStore, stopChild, withPostgresDatabase } from './support.mjs';

const SECONDS = 6;
const DEMO_CARD = JSON.stringify({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
const IDLE_MS = 4000;
const COUNTED_PURCHASES = 10;
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let purchases = 0;
/**
 * One purchase by a new buyer from a new address (as forwarded by a proxy), so neither the
 * per-address limits nor the double-submit protection refuse or fold any. The addresses are
 * loopback ones (127.x.y.z): without DEMO_MODE (which would make it free) the demo card is
 * taken only from this machine (http/demo-payment-guard.ts).
 */
async function purchase(connection, packageId) {
  const n = ++purchases;
  const headers = `content-type: application/json\r\nx-forwarded-for: 127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}\r\n`;
  const buyer = { firstName: 'Bench', lastName: 'Buyer', email: `bench-${process.pid}-${n}@example.com` };
  const order = { packageId, paymentMethod: 'card', deviceCount: '2', selectedGiftCard: 'Amazon' };
  const checkout = JSON.parse(await post(connection, '/api/checkout', headers, { ...buyer, ...order }));
  const paymentIntentId = checkout.clientSecret.split('_secret_')[0];
  await post(connection, `/api/demo/payment-intents/${paymentIntentId}/confirm`, headers, DEMO_CARD);
  await post(connection, '/api/webhook/payment-success', headers, { orderId: checkout.order.id, paymentIntentId });
}

async function post(connection, path, headers, body) {
  const answer = await connection.send('POST', path, headers, typeof body === 'string' ? body : JSON.stringify(body));
  if (answer.status < 200 || answer.status > 299) throw new Error(`POST ${path}: ${answer.status} ${answer.body}`);
  return answer.body;
}

async function paidPackageId(baseUrl) {
  const packages = await (await fetch(`${baseUrl}/api/packages`)).json();
  return packages.find((p) => p.price !== '0.00' && !p.requiresShipping).id;
}

/**
 * Purchases/s, p50 and p99 of `buyers` buyers each buying in a loop, and the CPU time per
 * purchase of the serving process `pid` and of PostgreSQL's processes on this machine: on
 * two shared cores, closed-loop latency follows the CPU a purchase costs.
 */
async function measure(baseUrl, packageId, buyers, pid) {
  const before = { process: cpuMs(pid), postgres: postgresCpuMs() };
  const result = await runLoops(baseUrl, { connections: buyers, seconds: SECONDS, iteration: (connection) => purchase(connection, packageId) });
  const perPurchase = (ms) => (result.completed > 0 ? ms / result.completed : null);
  return { ...result, cpuProcess: perPurchase(cpuMs(pid) - before.process), cpuPostgres: perPurchase(postgresCpuMs() - before.postgres) };
}

/** The bare limit on the same database kind (DATABASE_URL or PGlite), measured at each buyer count. */
async function measureLimit(buyerCounts, packageId, databaseUrl = '') {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const bare = await startAndTime(path.join(root, 'tests/bench/bare-purchase-server.mjs'), { PORT: String(port), DATABASE_URL: databaseUrl }, `${baseUrl}/`);
  const results = [];
  for (const buyers of buyerCounts) results.push(await measure(baseUrl, packageId, buyers, bare.child.pid));
  await stopChild(bare.child);
  return results;
}

function rowsFor(section, buyers, store, limit, { p99Target, ratioTarget, cpu } = {}) {
  const who = `${buyers} buyer${buyers === 1 ? '' : 's'}`;
  const cpuRows = [
    { section, name: `${who}: CPU per purchase, serving process`, value: store.cpuProcess, unit: 'ms', limit: limit.cpuProcess },
    ...(cpu === 'postgres'
      ? [{ section, name: `${who}: CPU per purchase, PostgreSQL`, value: store.cpuPostgres, unit: 'ms', limit: limit.cpuPostgres, note: 'its processes on this machine' }]
      : []),
  ];
  return [
    { section, name: `${who}: purchases/s`, value: store.perSecond, unit: '/s', limit: limit.perSecond },
    { section, name: `${who}: p50`, value: store.p50, unit: 'ms', limit: limit.p50 },
    { section, name: `${who}: p99`, value: store.p99, unit: 'ms', limit: limit.p99, target: p99Target },
    { section, name: `${who}: p99, store / limit`, value: store.p99 / limit.p99, unit: 'x', target: ratioTarget },
    ...(cpu ? cpuRows : []),
    { section, name: `${who}: errors (store + limit)`, value: store.errors + limit.errors, unit: '', target: '0' },
  ];
}

const sectionFor = (database) => `Purchase (checkout + card confirm + payment-success) on ${database}, ${SECONDS} s per point; limit = bare Fastify, one transaction per call`;

async function benchPglite() {
  const section = sectionFor('PGlite');
  const counts = [1, 10, 20];
  const store = await startStore({ TRUST_PROXY: '1' });
  const packageId = await paidPackageId(store.baseUrl);
  const results = [];
  for (const buyers of counts) results.push(await measure(store.baseUrl, packageId, buyers, store.child.pid));
  const loadedRss = residentMb(store.child.pid);
  await store.stop();
  const limits = await measureLimit(counts, packageId);
  return [
    ...counts.flatMap((buyers, i) => rowsFor(section, buyers, results[i], limits[i], buyers === 10 ? { p99Target: '< 500', cpu: 'process' } : {})),
    { section, name: 'store RSS right after 20 buyers', value: loadedRss, unit: 'MB' },
  ];
}

/**
 * Statements the store sends PostgreSQL for a purchase, counted by a proxy in front of it:
 * those sent while its three calls run (the least over several purchases, as job polls and
 * the jobs a purchase starts at once may land inside a call), and all that purchases
 * cause, jobs included, beyond the idle polling rate, per purchase.
 */
async function countStatements(databaseUrl, section) {
  const counter = await startStatementCounter(databaseUrl);
  const store = await startStore({ DATABASE_URL: counter.url, TRUST_PROXY: '1' });
  const packageId = await paidPackageId(store.baseUrl);
  const connection = openConnection(store.baseUrl);
  await connection.ready;
  await purchase(connection, packageId); // the first purchase starts workers and caches
  await wait(IDLE_MS);
  let before = counter.total();
  await wait(IDLE_MS);
  const idlePerMs = (counter.total() - before) / IDLE_MS;

  const started = Date.now();
  const firstCount = counter.total();
  const calls = [];
  for (let i = 0; i < COUNTED_PURCHASES; i++) {
    before = counter.total();
    await purchase(connection, packageId);
    calls.push(counter.total() - before);
  }
  await wait(IDLE_MS);
  const caused = (counter.total() - firstCount - idlePerMs * (Date.now() - started)) / COUNTED_PURCHASES;
  connection.close();
  await store.stop();
  await counter.close();
  return [
    { section, name: 'statements, the three calls of one purchase', value: Math.min(...calls), unit: '', note: `Query + Execute messages; ${Math.max(...calls)} at most of ${COUNTED_PURCHASES}` },
    {
      section,
      name: 'statements caused by one purchase, jobs included',
      value: caused,
      unit: '',
      note: `in the ${IDLE_MS / 1000} s after ${COUNTED_PURCHASES} purchases, idle polling (${Math.round(idlePerMs * 1000)}/s) taken away`,
    },
  ];
}

async function benchPostgres() {
  const section = sectionFor('PostgreSQL');
  return withPostgresDatabase('storefront_bench_purchase', section, async (databaseUrl) => {
    const statements = await countStatements(databaseUrl, section);
    const counts = [1, 20];
    const store = await startStore({ DATABASE_URL: databaseUrl, TRUST_PROXY: '1' });
    const packageId = await paidPackageId(store.baseUrl);
    const results = [];
    for (const buyers of counts) results.push(await measure(store.baseUrl, packageId, buyers, store.child.pid));
    await store.stop();
    const limits = await measureLimit(counts, packageId, databaseUrl);
    const targets = (buyers) => (buyers === 20 ? { ratioTarget: '<= 1.50', cpu: 'postgres' } : {});
    return [...counts.flatMap((buyers, i) => rowsFor(section, buyers, results[i], limits[i], targets(buyers))), ...statements];
  });
}

export async function benchPurchase() {
  return [...(await benchPglite()), ...(await benchPostgres())];
}
