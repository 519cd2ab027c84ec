// `node tests/bench/crash-purchases.mjs`: the crash attack, repeatable. On each database,
// five rounds of: 12 buyers purchase at once through the built store, the store is killed
// with SIGKILL in the middle of the burst, it is started again on the same data, and after
// its jobs and the payment reconciliation have had their minute (decisions 0015, 0029) the
// rows are counted: payments the demo provider took, paid orders, confirmation emails and
// paid orders without their credentials. Every payment taken must end as a paid order with
// one confirmation and its credentials. PostgreSQL needs BENCH_DATABASE_URL or
// TEST_DATABASE_URL; without one that half says skipped. `embedded` or `postgres` as the
// argument runs one half.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { startStore, stopChild, withPostgresDatabase } from './support.mjs';

const ROUNDS = 5;
const BUYERS = 12;
/** Past the reconciliation's minute and a provisioning job's reclaim (decision 0029). */
const SETTLE_MS = 75_000;
const DEMO_CARD = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const COUNTS = `
  select
    (select count(*)::int from demo_payment_intents where status = 'succeeded') as "paymentsTaken",
    (select count(*)::int from orders where payment_status = 'completed') as "paidOrders",
    (select count(*)::int from mail_outbox where subject like 'Order Confirmation - %') as "confirmations",
    (select count(*)::int from orders o where o.payment_status = 'completed' and not exists (
       select 1 from subscriptions s join device_credentials d on d.subscription_id = s.id where s.order_id = o.id)) as "paidWithoutCredentials"`;

let buyer = 0;
/** One whole purchase by a new buyer from a new loopback address (TRUST_PROXY=1). */
async function purchase(baseUrl, packageId) {
  const n = ++buyer;
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': `127.77.${(n >> 8) & 255}.${n & 255}` };
  const post = async (path, body) => {
    const answer = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`POST ${path}: ${answer.status}`);
    return answer.json();
  };
  const order = { firstName: 'Crash', lastName: 'Buyer', email: `crash-${process.pid}-${n}@example.com`, packageId, paymentMethod: 'card', deviceCount: '2', selectedGiftCard: 'Amazon' };
  const checkout = await post('/api/checkout', order);
  const paymentIntentId = checkout.clientSecret.split('_secret_')[0];
  await post(`/api/demo/payment-intents/${paymentIntentId}/confirm`, DEMO_CARD);
  await post('/api/webhook/payment-success', { orderId: checkout.order.id, paymentIntentId });
}

async function killDuringBurst(env) {
  const store = await startStore({ TRUST_PROXY: '1', ...env });
  const packages = await (await fetch(`${store.baseUrl}/api/packages`)).json();
  const packageId = packages.find((p) => Number(p.price) > 0 && !p.requiresShipping).id;
  const burst = Promise.allSettled(Array.from({ length: BUYERS }, () => purchase(store.baseUrl, packageId)));
  // Mid-burst: some purchases whole, some half-way, some not begun.
  await wait(300 + Math.floor(Math.random() * 1200));
  store.child.kill('SIGKILL');
  const answered = (await burst).filter((result) => result.status === 'fulfilled').length;
  const restarted = await startStore({ TRUST_PROXY: '1', ...env, DATA_DIR: store.dataDir });
  await wait(SETTLE_MS);
  await stopChild(restarted.child);
  return { answered, dataDir: store.dataDir };
}

/** `database`: env() for the store, keep(dataDir) after its first start, rows(sql) to count with. */
async function attack(name, database) {
  for (let round = 1; round <= ROUNDS; round++) {
    const { answered, dataDir } = await killDuringBurst(database.env());
    database.keep(dataDir);
    const [counts] = await database.rows(COUNTS);
    const whole = counts.paymentsTaken === counts.paidOrders && counts.paidOrders === counts.confirmations && counts.paidWithoutCredentials === 0;
    console.log(`${name} round ${round}: ${answered}/${BUYERS} purchases answered before the kill; totals ${JSON.stringify(counts)} ${whole ? 'whole' : 'NOT WHOLE'}`);
  }
}

buildIfNeeded();
/** `embedded` or `postgres` runs one database only; both by default. */
const only = process.argv[2];
let dataDir;
if (only !== 'postgres') await attack('embedded', {
  env: () => (dataDir ? { DATA_DIR: dataDir } : {}),
  keep: (dir) => (dataDir ??= dir),
  // Read once the store has stopped: the embedded database has one process at a time.
  rows: async (sql) => {
    const db = new PGlite(path.join(dataDir, 'pglite'));
    try {
      return (await db.query(sql)).rows;
    } finally {
      await db.close();
    }
  },
});
const skipped = only === 'embedded' ? null : await withPostgresDatabase('crash_purchases', 'crash attack', async (databaseUrl) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await attack('postgres', { env: () => ({ DATABASE_URL: databaseUrl }), keep: () => {}, rows: async (sql) => (await client.query(sql)).rows });
  } finally {
    await client.end();
  }
});
if (Array.isArray(skipped)) console.log('postgres: skipped (no BENCH_DATABASE_URL or TEST_DATABASE_URL reachable)');
