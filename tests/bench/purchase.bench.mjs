// Whole purchases (checkout, demo card confirm, payment-success notice) by N concurrent
// buyers, on PostgreSQL and PGlite, beside their limit: a bare process replaying the
// statements the store sent for one purchase, recorded at the wire earlier in the same run
// (replay-purchase-server.mjs), with each buyer's own values, its jobs' statements included.
// Also the old yardstick (bare Fastify, one statement per call), the statements the store
// sends PostgreSQL per purchase, and its RSS under load.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/build-if-needed.mjs';
import { openConnection, percentile, runLoops } from './http-connection.mjs';
import { startStatementCounter } from './statement-counter.mjs';
import { buildScript } from './replay-script.mjs';
import { cpuMs, fmt, freePort, postgresCpu, postgresCpuSince, residentMb, startAndTime, startStore, stopChild, withPostgresDatabase } from './support.mjs';

/** Seconds per point; `npm run bench -- purchase --seconds 2` for a quick look. */
let SECONDS = 6;
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
async function purchase(connection, packageId, trace) {
  const n = ++purchases;
  const headers = `content-type: application/json\r\nx-forwarded-for: 127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}\r\n`;
  const buyer = { firstName: 'Bench', lastName: 'Buyer', email: `bench-${process.pid}-${n}@example.com` };
  const order = { packageId, paymentMethod: 'card', deviceCount: '2', selectedGiftCard: 'Amazon' };
  const checkout = JSON.parse(await post(connection, '/api/checkout', headers, { ...buyer, ...order }, trace));
  const paymentIntentId = checkout.clientSecret.split('_secret_')[0];
  await pauseWhenTraced(trace);
  await post(connection, `/api/demo/payment-intents/${paymentIntentId}/confirm`, headers, DEMO_CARD, trace);
  await pauseWhenTraced(trace);
  await post(connection, '/api/webhook/payment-success', headers, { orderId: checkout.order.id, paymentIntentId }, trace);
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * While a purchase is recorded for the replay, a second between its calls: the jobs a call
 * sends start at once and would otherwise run while the next call is answered, and be taken
 * for its statements. Told apart so, the replay runs them after the third answer.
 */
const pauseWhenTraced = (trace) => (trace ? wait(1000) : undefined);

/** POSTs `body`; with `trace`, adds the exchange and when it began and ended (on the statement recorder's clock) to it. */
async function post(connection, path, headers, body, trace) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const startedAt = now();
  const answer = await connection.send('POST', path, headers, text);
  if (answer.status < 200 || answer.status > 299) throw new Error(`POST ${path}: ${answer.status} ${answer.body}`);
  trace?.push({ method: 'POST', path, headers, body: text, status: answer.status, answer: answer.body, startedAt, endedAt: now() });
  return answer.body;
}

async function paidPackageId(baseUrl) {
  const packages = await (await fetch(`${baseUrl}/api/packages`)).json();
  return packages.find((p) => p.price !== '0.00' && !p.requiresShipping).id;
}

/**
 * Seconds of purchases a process of the main PostgreSQL rounds serves before its figures
 * are read. A fresh store has V8 optimise about 450 of its functions, one after another on
 * a background thread, for its first 20 s or so under load: 2 to 2.8 s of compiler time,
 * paid once in a process's life, which counted in 7 s of purchases was the larger part of
 * the store's CPU beyond the replay's (decision 0072). The replay gets the same warm-up, and
 * what the warm-up cost is printed beside the steady figures.
 */
const WARMUP_SECONDS = 15;

/**
 * Purchases/s, p50 and p99 of `buyers` buyers each buying in a loop, and the CPU time per
 * purchase of the serving process `pid` and of PostgreSQL's processes on this machine: on
 * two shared cores, closed-loop latency follows the CPU a purchase costs.
 */
async function measure(baseUrl, packageId, buyers, pid, database, seconds = SECONDS) {
  const before = { process: cpuMs(pid), postgres: postgresCpu(database) };
  const result = await runLoops(baseUrl, { connections: buyers, seconds, iteration: (connection) => purchase(connection, packageId) });
  const perPurchase = (ms) => (result.completed > 0 ? ms / result.completed : null);
  return { ...result, cpuProcess: perPurchase(cpuMs(pid) - before.process), cpuPostgres: perPurchase(postgresCpuSince(before.postgres, postgresCpu(database))) };
}

/** `measure` after WARMUP_SECONDS of purchases, whose own figures come as `warmup`. */
async function measureWarmed(baseUrl, packageId, buyers, pid, database) {
  const warmup = await measure(baseUrl, packageId, buyers, pid, database, WARMUP_SECONDS);
  return { ...(await measure(baseUrl, packageId, buyers, pid, database)), warmup };
}

/** How each buyer count is measured: after the warm-up for those in `warmed`. */
const measureFor = (buyers, warmed) => (warmed.includes(buyers) ? measureWarmed : measure);

/** The database's name in a postgres:// URL, which its backends' process titles carry. */
const databaseName = (url) => (url ? new URL(url).pathname.slice(1) : undefined);

/**
 * A limit process (`script` in tests/bench, on DATABASE_URL or PGLITE_DIR as `env` says), measured at each buyer
 * count (after the warm-up for those in `warmed`); `extra(baseUrl)` adds what the process
 * tells of itself after the runs.
 */
async function measureLimit(script, buyerCounts, packageId, env, { warmed = [], extra = async () => ({}) } = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const bare = await startAndTime(path.join(root, 'tests/bench', script), { PORT: String(port), DATABASE_URL: '', ...env }, `${baseUrl}/`);
  const results = [];
  for (const buyers of buyerCounts) results.push(await measureFor(buyers, warmed)(baseUrl, packageId, buyers, bare.child.pid, databaseName(env.DATABASE_URL)));
  const told = await extra(baseUrl);
  await stopChild(bare.child);
  return results.map((result) => ({ ...result, ...told }));
}

/** The replay limit on the recorded `scriptFile`; its rows carry the jobs that failed in it. */
function measureReplay(scriptFile, buyerCounts, packageId, database, warmed = []) {
  const extra = async (baseUrl) => {
    await wait(IDLE_MS); // its last purchases' jobs
    return (await fetch(`${baseUrl}/replay`)).json();
  };
  return measureLimit('replay-purchase-server.mjs', buyerCounts, packageId, { REPLAY_SCRIPT: scriptFile, ...database }, { warmed, extra });
}

function rowsFor(section, buyers, store, limit, { p99Target, ratioTarget, cpu } = {}) {
  const who = `${buyers} buyer${buyers === 1 ? '' : 's'}`;
  const cpuRows = [
    { section, name: `${who}: CPU per purchase, serving process`, value: store.cpuProcess, unit: 'ms', limit: limit.cpuProcess },
    { section, name: `${who}: CPU per purchase, serving process, store / limit`, value: store.cpuProcess / limit.cpuProcess, unit: 'x', target: ratioTarget },
    ...(cpu === 'postgres'
      ? [{ section, name: `${who}: CPU per purchase, PostgreSQL`, value: store.cpuPostgres, unit: 'ms', limit: limit.cpuPostgres, note: "the database's backends on this machine" }]
      : []),
  ];
  return [
    { section, name: `${who}: purchases/s`, value: store.perSecond, unit: '/s', limit: limit.perSecond },
    { section, name: `${who}: p50`, value: store.p50, unit: 'ms', limit: limit.p50 },
    { section, name: `${who}: p99`, value: store.p99, unit: 'ms', limit: limit.p99, target: p99Target },
    { section, name: `${who}: p99, store / limit`, value: store.p99 / limit.p99, unit: 'x', target: ratioTarget },
    ...(cpu ? cpuRows : []),
    { section, name: `${who}: errors (store + limit)`, value: store.errors + limit.errors, unit: '', target: '0', note: `limit's failed jobs: ${limit.jobErrors}` },
  ];
}

/** The old yardstick at the main buyer count: what the same three calls cost with one statement each. */
function yardstickRows(section, buyers, yardstick) {
  const who = `${buyers} buyers`;
  return [
    { section, name: `${who}: old yardstick (bare Fastify, 1 statement per call): p99`, value: yardstick.p99, unit: 'ms', note: `${fmt(yardstick.perSecond)}/s, errors ${yardstick.errors}` },
    { section, name: `${who}: old yardstick: CPU per purchase, serving process`, value: yardstick.cpuProcess, unit: 'ms' },
  ];
}

const sectionFor = (database) =>
  `Purchase (checkout + card confirm + payment-success) on ${database}, ${SECONDS} s per point; limit = replay of the store's own statements (jobs included) by a bare process, recorded in this run; ` +
  "the old yardstick (bare Fastify, one statement per call) is kept as two rows: what the framework and one statement per call cost, against the replay's statements";

/** On PGlite, the replay runs in the store's own data folder once the store has stopped, with the statements recorded on PostgreSQL. */
async function benchPglite(scriptFile) {
  const section = sectionFor('PGlite');
  const counts = [1, 10, 20];
  const store = await startStore({ TRUST_PROXY: '1' });
  const packageId = await paidPackageId(store.baseUrl);
  const results = [];
  for (const buyers of counts) results.push(await measure(store.baseUrl, packageId, buyers, store.child.pid));
  const loadedRss = residentMb(store.child.pid);
  await store.stop();
  if (!scriptFile) return [{ section, name: 'all figures', value: null, unit: '', note: 'skipped: the replay is recorded on PostgreSQL, which was not there' }];
  const limits = await measureReplay(scriptFile, counts, packageId, { PGLITE_DIR: path.join(store.dataDir, 'pglite') });
  const [yardstick] = await measureLimit('bare-purchase-server.mjs', [10], packageId, {});
  return [
    ...counts.flatMap((buyers, i) => rowsFor(section, buyers, results[i], limits[i], buyers === 10 ? { p99Target: '< 500', cpu: 'process' } : {})),
    ...yardstickRows(section, 10, yardstick),
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
  const counter = await startStatementCounter(databaseUrl, { record: true });
  const store = await startStore({ DATABASE_URL: counter.url, TRUST_PROXY: '1' });
  const packageId = await paidPackageId(store.baseUrl);
  const connection = openConnection(store.baseUrl);
  await connection.ready;
  await purchase(connection, packageId); // the first purchase starts workers and caches
  await wait(IDLE_MS);
  counter.clearRecord();
  await purchase(connection, packageId); // what any purchase sends alike is the store's, not the buyer's
  await wait(IDLE_MS);
  const earlierLog = counter.recorded();
  counter.clearRecord();
  let before = counter.total();
  await wait(IDLE_MS);
  const idlePerMs = (counter.total() - before) / IDLE_MS;
  const idleTexts = new Set(counter.recorded().map((entry) => entry.text));

  // The purchase the replay limit repeats: its three calls, then its jobs until quiet.
  counter.clearRecord();
  const trace = [];
  await purchase(connection, packageId, trace);
  await wait(IDLE_MS);
  const script = buildScript(counter.recorded(), trace, idleTexts, earlierLog);
  const scriptFile = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-replay-')), 'purchase.json');
  writeFileSync(scriptFile, JSON.stringify(script));
  const recordedStatements = (units) => units.reduce((sum, unit) => sum + unit.statements.length, 0);
  const replayed = script.calls.map((call) => recordedStatements(call.units));

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
  const rows = [
    { section, name: 'statements, the three calls of one purchase', value: Math.min(...calls), unit: '', note: `Query + Execute messages; ${Math.max(...calls)} at most of ${COUNTED_PURCHASES}` },
    {
      section,
      name: 'statements the replay limit sends per purchase',
      value: recordedStatements(script.calls.flatMap((call) => call.units)) + recordedStatements(script.jobs),
      unit: '',
      note: `calls ${replayed.join(' + ')}, jobs ${recordedStatements(script.jobs)} (in ${script.jobs.length} transactions or statements)`,
    },
    {
      section,
      name: 'statements caused by one purchase, jobs included',
      value: caused,
      unit: '',
      note: `in the ${IDLE_MS / 1000} s after ${COUNTED_PURCHASES} purchases, idle polling (${Math.round(idlePerMs * 1000)}/s) taken away`,
    },
  ];
  return { rows, scriptFile };
}

/**
 * The store and its replay at the main buyer count, in ROUNDS alternating rounds (store,
 * replay, store, ...), pooled: every round's purchases, CPU and latencies together. On a
 * shared 2-core machine one round each gave CPU ratios 0.5 apart for the same code, the
 * machine's speed drifting between the two (decision 0069). Each process starts afresh each
 * round, as the store's job workers would take the replay's jobs if both ran.
 */
const ROUNDS = 3;
const MAIN_BUYERS = 20;

function pooled(runs) {
  const samples = runs.flatMap((run) => run.samples).sort((a, b) => a - b);
  const completed = runs.reduce((sum, run) => sum + run.completed, 0);
  const perPurchase = (key) => (runs.some((run) => run[key] == null) ? null : runs.reduce((sum, run) => sum + run[key] * run.completed, 0) / completed);
  const summed = (key) => runs.reduce((sum, run) => sum + (run[key] ?? 0), 0);
  return {
    perSecond: samples.length / (SECONDS * runs.length),
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    count: samples.length,
    completed,
    errors: summed('errors'),
    jobErrors: summed('jobErrors'),
    cpuProcess: perPurchase('cpuProcess'),
    cpuPostgres: perPurchase('cpuPostgres'),
  };
}

/** Each round's store / limit ratio of `key`, as the note of the pooled row. */
const eachRound = (stores, limits, key) => `each round: ${stores.map((store, i) => fmt(store[key] / limits[i][key], 2)).join(', ')}`;

/** What each process's first WARMUP_SECONDS of purchases cost, beside the steady figures read after them. */
function warmupRows(section, stores, limits) {
  const [storeWarmups, limitWarmups] = [stores, limits].map((runs) => runs.map((run) => run.warmup));
  const [store, limit] = [storeWarmups, limitWarmups].map(pooled);
  const name = `${MAIN_BUYERS} buyers: CPU per purchase, serving process, in its first ${WARMUP_SECONDS} s`;
  return [
    { section, name, value: store.cpuProcess, unit: 'ms', limit: limit.cpuProcess, note: 'V8 optimising the code as it gets hot, once per process (decision 0072)' },
    { section, name: `${name}, store / limit`, value: store.cpuProcess / limit.cpuProcess, unit: 'x', note: eachRound(storeWarmups, limitWarmups, 'cpuProcess') },
  ];
}

/** Records the replay's script on the way (its file, or null without PostgreSQL) for the PGlite bench after it. */
async function benchPostgres(recorded) {
  const section = `${sectionFor('PostgreSQL')}; ${MAIN_BUYERS} buyers in ${ROUNDS} alternating rounds, pooled, each process read after ${WARMUP_SECONDS} s of purchases`;
  return withPostgresDatabase('storefront_bench_purchase', section, async (databaseUrl) => {
    const statements = await countStatements(databaseUrl, section);
    recorded.scriptFile = statements.scriptFile;
    const database = databaseName(databaseUrl);
    const stores = [];
    const limits = [];
    let oneBuyer;
    let packageId;
    for (let round = 0; round < ROUNDS; round++) {
      // The first round measures one buyer first; every round then warms each process up at the main buyer count.
      const counts = round === 0 ? [1, MAIN_BUYERS] : [MAIN_BUYERS];
      const store = await startStore({ DATABASE_URL: databaseUrl, TRUST_PROXY: '1' });
      packageId = await paidPackageId(store.baseUrl);
      const results = [];
      for (const buyers of counts) results.push(await measureFor(buyers, [MAIN_BUYERS])(store.baseUrl, packageId, buyers, store.child.pid, database));
      await store.stop();
      const replayed = await measureReplay(statements.scriptFile, counts, packageId, { DATABASE_URL: databaseUrl }, [MAIN_BUYERS]);
      if (round === 0) oneBuyer = { store: results[0], limit: replayed[0] };
      stores.push(results.at(-1));
      limits.push(replayed.at(-1));
    }
    const [yardstick] = await measureLimit('bare-purchase-server.mjs', [MAIN_BUYERS], packageId, { DATABASE_URL: databaseUrl });
    const main = rowsFor(section, MAIN_BUYERS, pooled(stores), pooled(limits), { ratioTarget: '<= 1.50', cpu: 'postgres' });
    for (const row of main) {
      if (row.name.endsWith('p99, store / limit')) row.note = eachRound(stores, limits, 'p99');
      if (row.name.endsWith('serving process, store / limit')) row.note = eachRound(stores, limits, 'cpuProcess');
    }
    const rows = [...rowsFor(section, 1, oneBuyer.store, oneBuyer.limit), ...main, ...warmupRows(section, stores, limits)];
    return [...rows, ...yardstickRows(section, MAIN_BUYERS, yardstick), ...statements.rows];
  });
}

export async function benchPurchase({ seconds } = {}) {
  if (seconds) SECONDS = seconds;
  const recorded = { scriptFile: null };
  const postgres = await benchPostgres(recorded);
  return [...(await benchPglite(recorded.scriptFile)), ...postgres];
}
