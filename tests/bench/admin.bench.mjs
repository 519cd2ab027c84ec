// The admin dashboards at 100,000 orders on PostgreSQL: p50/p99 of one page of the
// customer list and the order list, a search, the stats and an unchanged poll (304), each
// call alone, as an admin's browser makes them.
import { percentile } from './http-connection.mjs';
import { adminCookie, fmt, withBenchStore } from './support.mjs';

const ORDERS = 100_000;
const CUSTOMERS = 60_000;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

/** Paid orders with their subscriptions, 1-4 device credentials each, and notifications, made in SQL. */
export async function seed(client, { orderCount = ORDERS, customerCount = CUSTOMERS } = {}) {
  const { rows } = await client.query(`select id from packages where price > 0 and not requires_shipping order by price`);
  const packageIds = rows.map((row) => row.id);
  await client.query(
    `insert into customers (id, email, first_name, last_name, has_account)
     select md5('c' || g)::uuid, 'buyer' || g || '@example.com', 'First' || g, 'Last' || g, g % 3 = 0
       from generate_series(1, $1::int) g`,
    [customerCount],
  );
  await client.query(
    `insert into orders (id, customer_id, customer_name, customer_email, package_id, selected_gift_card, payment_method,
                         payment_status, device_count, subtotal_amount, total_amount, cashback_amount, paid_at, fulfilled_at, confirmation_sent_at, created_at)
     select 'SP-' || (1700000000000 + g) || '-' || lpad((g % 1000)::text, 3, '0'), md5('c' || (g % $2::int + 1))::uuid,
            'First' || (g % $2::int + 1) || ' Last' || (g % $2::int + 1), 'buyer' || (g % $2::int + 1) || '@example.com',
            ($3::text[])[g % array_length($3::text[], 1) + 1], 'Amazon', 'card', 'completed', (1 + g % 4)::text,
            21.98, 21.98, 10, now() - g * interval '5 minutes', now(), now(), now() - g * interval '5 minutes'
       from generate_series(1, $1::int) g`,
    [orderCount, customerCount, packageIds],
  );
  await client.query(
    `insert into subscriptions (id, customer_id, package_id, order_id, device_count, status, start_date, expiration_date, created_at)
     select md5('s' || o.id)::uuid, o.customer_id, o.package_id, o.id, o.device_count::int,
            case when o.paid_at > now() - interval '30 days' then 'active' else 'expired' end,
            o.paid_at, o.paid_at + interval '30 days', o.paid_at
       from orders o`,
  );
  await client.query(
    `insert into device_credentials (subscription_id, device_number, xtream_username, xtream_password, device_name)
     select s.id, d, 'u' || replace(s.id::text, '-', '') || d, 'p' || d, 'Device ' || d
       from subscriptions s, generate_series(1, s.device_count) d`,
  );
  await client.query(
    `insert into purchase_notifications (order_id, package_name, customer_email, subscription_duration, device_count, gift_card, total_amount, timestamp)
     select o.id, p.name, o.customer_email, p.duration, o.device_count::int, o.selected_gift_card, o.total_amount, o.paid_at
       from orders o join packages p on p.id = o.package_id`,
  );
  // As autovacuum would have by then: index-only scans need the visibility map.
  await client.query('vacuum analyze');
}

/** p50 and p99 rows of `count` calls made one after another, after 20 unmeasured ones. */
async function timeCalls(section, label, call, count = 200) {
  for (let i = 0; i < 20; i++) await call(i);
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    await call(i);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return [
    { section, name: `${label} p50`, value: percentile(times, 50), unit: 'ms' },
    { section, name: `${label} p99`, value: percentile(times, 99), unit: 'ms' },
  ];
}

export async function benchAdmin() {
  const section = `Admin dashboards on PostgreSQL, ${fmt(ORDERS)} paid orders, one call at a time, 200 calls each`;
  return withBenchStore('storefront_bench_admin', section, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, async (store, client) => {
    await seed(client);

    const cookie = await adminCookie(store.baseUrl, ADMIN);
    const get = async (path, headers = {}) => {
      const response = await fetch(`${store.baseUrl}${path}`, { headers: { cookie, ...headers } });
      if (response.status !== 200 && response.status !== 304) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      return response;
    };
    const etag = (await get('/api/admin/customers')).headers.get('etag');

    const calls = [
      ['GET /api/admin/customers (first page of 100)', (i) => get(`/api/admin/customers?_=${i}`)],
      ['GET /api/admin/customers, unchanged poll (304)', (i) => get(`/api/admin/customers?_=${i}`, { 'if-none-match': etag })],
      ['GET /api/admin/customers?offset=50000', (i) => get(`/api/admin/customers?offset=50000&_=${i}`)],
      ['GET /api/admin/customers?q=<email part>', (i) => get(`/api/admin/customers?q=buyer${(i * 37) % CUSTOMERS}@`)],
      ['GET /api/admin/customers?q=<order id end>', (i) => get(`/api/admin/customers?q=${String(1700000000000 + 1 + i * 97).slice(-6)}`)],
      ['GET /api/admin/orders (first page of 100)', (i) => get(`/api/admin/orders?_=${i}`)],
      ['GET /api/admin/orders?q=<email part>', (i) => get(`/api/admin/orders?q=buyer${(i * 37) % CUSTOMERS}@`)],
      ['GET /api/purchase-notifications (first page)', (i) => get(`/api/purchase-notifications?_=${i}`)],
      ['GET /api/admin/stats', () => get('/api/admin/stats')],
    ];
    const rows = [];
    for (const [label, call] of calls) rows.push(...(await timeCalls(section, label, call)));
    return rows;
  });
}
