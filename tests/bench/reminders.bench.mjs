// The renewal pass (decision 0046) at 1,000,000 subscriptions on PostgreSQL: the pass
// the built store runs at start-up, timed by its own log line. Subscriptions end evenly
// over 800 days around today; every milestone already due has been sent but one in 1,000
// (the steady state of a store whose pass runs every 5 minutes), so a pass finds those
// with the milestone's index range and sends them. `node tests/bench/reminders.bench.mjs`
// alone, or `npm run bench -- reminders`; REMINDERS_BENCH_SUBSCRIPTIONS makes a smaller run.
import { openSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildIfNeeded, builtServer } from '../../scripts/build-if-needed.mjs';
import { printTable } from './results-table.mjs';
import { fmt, freePort, startAndTime, startStore, stopChild, withPostgresDatabase } from './support.mjs';

const SUBSCRIPTIONS = Number(process.env.REMINDERS_BENCH_SUBSCRIPTIONS ?? 1_000_000);
const CUSTOMERS = Math.ceil(SUBSCRIPTIONS / 4);
/** Each milestone's due range, as src/domain/renewal-milestones.ts has them (from, until after expiry). */
const MILESTONES = [
  ['7d', '-7 days', '-5 days', 'paid'],
  ['3d', '-3 days', '-1 day', 'paid'],
  ['1d', '-1 day', '-12 hours', 'paid'],
  ['0d', '-12 hours', '0', 'paid'],
  ['grace', '1 day', '3 days', 'paid'],
  ['win-back-7d', '7 days', '9 days', 'any'],
  ['win-back-30d', '30 days', '32 days', 'any'],
];

/** Customers, one paid order and one subscription each (ending within 400 days either side of now), and the milestones already sent. */
export async function seed(client) {
  const { rows } = await client.query(`select id from packages where price > 0 and not requires_shipping order by price`);
  const packageIds = rows.map((row) => row.id);
  // As the admin bench's seed: drizzle/0019's triggers firing row by row made a million
  // orders take more than 15 minutes, so triggers (and foreign keys' checks) are off in
  // this session and the writers' figures are rebuilt once from the rows at the end.
  await client.query("set session_replication_role = 'replica'");
  await client.query(
    `insert into customers (id, email, first_name, last_name, has_account)
     select md5('c' || g)::uuid, 'buyer' || g || '@example.com', 'First' || g, 'Last' || g, true from generate_series(1, $1::int) g`,
    [CUSTOMERS],
  );
  await client.query(
    `insert into orders (id, customer_id, customer_name, customer_email, package_id, selected_gift_card, payment_method, payment_status,
                         device_count, subtotal_amount, total_amount, cashback_amount, paid_at, fulfilled_at, confirmation_sent_at, created_at)
     select 'SP-BENCH-' || g, md5('c' || (g % $2::int + 1))::uuid, 'First Last', 'buyer' || (g % $2::int + 1) || '@example.com',
            ($3::text[])[g % array_length($3::text[], 1) + 1], 'Amazon', 'card', 'completed', '1', '15.99', '15.99', '10.00',
            now() - interval '30 days', now() - interval '30 days', now() - interval '30 days', now() - interval '30 days'
       from generate_series(1, $1::int) g`,
    [SUBSCRIPTIONS, CUSTOMERS, packageIds],
  );
  // Expiries spread evenly over 800 days around now; those past are expired and, past their grace, suspended.
  await client.query(
    `insert into subscriptions (id, customer_id, package_id, order_id, device_count, status, start_date, expiration_date, grace_suspended_at, grace_lines_off_at)
     select md5('s' || g)::uuid, md5('c' || (g % $2::int + 1))::uuid, ($3::text[])[g % array_length($3::text[], 1) + 1], 'SP-BENCH-' || g, 1,
            case when e > now() then 'active' else 'expired' end, e - interval '30 days', e,
            case when e < now() - interval '3 days' then e + interval '3 days' end,
            case when e < now() - interval '3 days' then e + interval '3 days' end
       from (select g, now() + ((g::float8 / $1::int) * 800 - 400) * interval '1 day' as e from generate_series(1, $1::int) g) s`,
    [SUBSCRIPTIONS, CUSTOMERS, packageIds],
  );
  // Each sent milestone's period end at milliseconds, as the store's claim writes it (a JS Date).
  for (const [name, from, until] of MILESTONES) {
    await client.query(
      `insert into subscription_milestones (subscription_id, period_end, milestone, sent_at)
       select id, date_trunc('milliseconds', expiration_date), $1, now() from subscriptions
        where expiration_date > now() - interval '${until}' and expiration_date <= now() - interval '${from}'
          and ('x' || substr(id::text, 1, 8))::bit(32)::int % 1000 <> 0`,
      [name],
    );
  }
  await client.query("set session_replication_role = 'origin'");
  await client.query('select order_figures_rebuild(), subscription_figures_rebuild()');
  await client.query('vacuum analyze');
}

/** Starts the built store on the database, waits for its start-up pass's log line, stops it; the line's figures. */
async function timeStartUpPass(databaseUrl) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'reminders-bench-')), 'store.log');
  const env = { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' };
  const { child } = await startAndTime(builtServer, env, `${baseUrl}/`, openSync(logFile, 'a'));
  try {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const line = readFileSync(logFile, 'utf8')
        .split('\n')
        .find((text) => text.includes('"renewal pass done"'));
      if (line) return JSON.parse(line);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no renewal pass within 120 s (see ${logFile})`);
  } finally {
    await stopChild(child);
  }
}

export async function benchReminders() {
  const section = `The renewal pass on PostgreSQL, ${fmt(SUBSCRIPTIONS)} subscriptions`;
  return withPostgresDatabase('storefront_bench_reminders', section, async (databaseUrl) => {
    // The first start migrates the database; the seed follows.
    await (await startStore({ DATABASE_URL: databaseUrl })).stop();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await seed(client);
    } finally {
      await client.end();
    }
    const first = await timeStartUpPass(databaseUrl);
    const second = await timeStartUpPass(databaseUrl);
    return [
      { section, name: 'one pass, milestones due (1 in 1,000 unsent)', value: first.ms / 1000, unit: 's', limit: 1, note: `${fmt(first.emails)} emails written` },
      { section, name: 'the next pass, nothing due', value: second.ms / 1000, unit: 's', limit: 1, note: `${fmt(second.emails)} emails written` },
    ];
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildIfNeeded();
  printTable(await benchReminders());
}
