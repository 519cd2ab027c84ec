// EXPLAIN (ANALYZE) of every statement the admin's screens send, as the store sends them:
// the built store runs on DATABASE_URL (already seeded, e.g. by the admin bench's seed)
// behind the statement recorder, each screen is asked once, and each statement it sent is
// explained with its own parameters. Prints markdown for docs/decisions, and fails when a
// plan reads the orders table whole.
//   DATABASE_URL=postgres://.../db node tests/bench/explain-admin.mjs [orders]
import pg from 'pg';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { screens } from './admin.bench.mjs';
import { startStatementCounter } from './statement-counter.mjs';
import { adminCookie, startStore } from './support.mjs';

const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: the seeded database to explain on');
const orderCount = Number(process.argv[2] ?? 1_000_000);

buildIfNeeded();
const recorder = await startStatementCounter(databaseUrl, { record: true });
const store = await startStore({ DATABASE_URL: recorder.url, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
let wholeOrdersScans = 0;
try {
  const cookie = await adminCookie(store.baseUrl, ADMIN);
  const asked = [...screens(orderCount, Math.ceil(orderCount * 0.6)), ['orders CSV export (its first batches)', () => '/api/admin/export/orders.csv']];
  for (const [label, pathFor] of asked) {
    // A little quiet first, so that job polls do not land in the screen's statements.
    await new Promise((resolve) => setTimeout(resolve, 300));
    recorder.clearRecord();
    const response = await fetch(`${store.baseUrl}${pathFor(1)}`, { headers: { cookie } });
    if (label.includes('CSV')) {
      const reader = response.body.getReader();
      for (let chunks = 0; chunks < 20 && !(await reader.read()).done; chunks++);
      await reader.cancel();
    } else {
      await response.arrayBuffer();
    }
    const texts = new Set();
    const statements = recorder.recorded().filter((entry) => {
      // Reads only: the session's look-up, job polls and any write are not the screen's.
      const read = /^\s*(select|with)\b/i.test(entry.text) && !/\b(insert|update|delete)\b|pgboss\.|"session"|pg_advisory/i.test(entry.text);
      const fresh = read && !texts.has(entry.text);
      texts.add(entry.text);
      return fresh;
    });
    console.log(`\n### ${label}\n\n\`GET ${pathFor(1)}\`\n`);
    for (const statement of statements) {
      // In a transaction rolled back, so that nothing an ANALYZE runs stays.
      await client.query('begin');
      const plan = (await client.query(`explain (analyze, costs off, timing on, summary on) ${statement.text}`, statement.values ?? [])).rows.map((row) => row['QUERY PLAN']);
      await client.query('rollback');
      if (plan.some((line) => /Seq Scan on orders\b/.test(line))) wholeOrdersScans += 1;
      console.log('```sql');
      console.log(statement.text.replace(/\s+/g, ' ').trim());
      if (statement.values?.length) console.log(`-- parameters: ${JSON.stringify(statement.values)}`);
      console.log('```\n```');
      console.log(plan.join('\n'));
      console.log('```\n');
    }
  }
} finally {
  await client.end();
  await store.stop();
  await recorder.close();
}
console.log(`\nPlans reading the orders table whole (Seq Scan on orders): ${wholeOrdersScans}`);
process.exitCode = wholeOrdersScans === 0 ? 0 : 1;
