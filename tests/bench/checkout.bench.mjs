// Issue 3's figures: POST /api/checkout throughput with the demo card provider, on the
// embedded database and on PostgreSQL. Every request is a different buyer from its own
// address (loopback addresses forwarded as by a proxy), so neither the double-submit
// protection nor the per-address order limit folds or refuses any.
import pg from 'pg';
import { fmt, load, startStore } from './support.mjs';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function measureCheckout(label, store) {
  const packages = await (await fetch(`${store.baseUrl}/api/packages`)).json();
  const paid = packages.find((p) => p.price !== '0.00' && !p.requiresShipping);
  let buyer = 0;
  const clientAddress = (n) => `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) || 1}`;
  const body = () =>
    JSON.stringify({
      firstName: 'Bench',
      lastName: 'Buyer',
      email: `bench-${process.pid}-${++buyer}@example.com`,
      packageId: paid.id,
      paymentMethod: 'card',
      deviceCount: '2',
      selectedGiftCard: 'Amazon',
    });
  const result = await load({
    url: `${store.baseUrl}/api/checkout`,
    connections: 10,
    duration: 10,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const json = body();
          return { ...request, body: json, headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(buyer) } };
        },
      },
    ],
  });
  const ok = result['2xx'];
  console.log(
    `${label.padEnd(34)} ${fmt(ok / (result.duration || 10), 0).padStart(6)} orders/s   p50 ${fmt(result.latency.p50, 1).padStart(5)} ms   p99 ${fmt(result.latency.p99, 1).padStart(6)} ms   non-2xx ${result.non2xx}   errors ${result.errors}`,
  );
}

async function withPostgresDatabase(run) {
  const name = `storefront_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`POST /api/checkout on PostgreSQL: skipped, no server at ${POSTGRES_URL} (${error.message})`);
    return;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export async function benchCheckout() {
  console.log('\nPOST /api/checkout (demo card provider), 10 connections, 10 s');
  const embedded = await startStore({ TRUST_PROXY: '1' });
  await measureCheckout('embedded database (PGlite)', embedded);
  await embedded.stop();
  await withPostgresDatabase(async (databaseUrl) => {
    const store = await startStore({ DATABASE_URL: databaseUrl, TRUST_PROXY: '1' });
    await measureCheckout('PostgreSQL', store);
    await store.stop();
  });
}
