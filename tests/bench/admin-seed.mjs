// A store's worth of history for the admin benches, made by the database itself from
// generate_series (one statement per table, no loop of inserts), the same on PostgreSQL and
// PGlite: `query(text, values)` is either's. Two years of orders, spread evenly, so every
// window (this month, 30 and 365 days) holds its share at any size.
const YEARS_OF_ORDERS = "interval '730 days'";

/**
 * `orderCount` orders by `customerCount` customers: most paid, with their subscriptions,
 * 1-4 device credentials and purchase notifications; 1 in 50 refunded in full and 1 in 50
 * in part (each with its order_refunds row); 1 in 40 pending, 1 in 40 failed; 1 in 2,000
 * held for review (none paid with provisioning given up: the store's sweep would retry
 * them all the while it is measured); 1 in 100 a streaming box
 * (its shipment shipped, save the newest 500 still processing); the newest 1 in 3 of the
 * first 3,000 still owed their gift card; an outbox mail per 10 orders and an audit entry per 100;
 * the renewal pass's work up to now done (lapsed lines suspended, due reminders claimed).
 */
export async function seedOrders(query, { orderCount, customerCount }) {
  const { rows: paidRows } = await query(`select id from packages where price > 0 and not requires_shipping order by price`);
  const packageIds = paidRows.map((row) => row.id);
  const { rows: boxRows } = await query(`select id from packages where requires_shipping order by price limit 1`);
  const boxId = boxRows[0]?.id ?? null;
  const { rows: adminRows } = await query(`select id, username from admins order by created_at limit 1`);
  const admin = adminRows[0];
  if (!admin) throw new Error('the admin seed needs an admin (ADMIN_USERNAME) in the store');
  // The writers' figures (drizzle/0019's and 0022's triggers, decisions 0049, 0055) are rebuilt once at the
  // end from the rows, as the migration fills them for an existing store: a million rows'
  // triggers one at a time would take minutes. Triggers (and foreign keys' checks) are off
  // in this session meanwhile.
  await query("set session_replication_role = 'replica'");

  await query(
    `insert into customers (id, email, first_name, last_name, has_account, created_at)
     select md5('c' || g)::uuid, 'buyer' || g || '@example.com', 'First' || g, 'Last' || g, g % 3 = 0,
            now() - (g::float8 / $1::int) * ${YEARS_OF_ORDERS}
       from generate_series(1, $1::int) g`,
    [customerCount],
  );
  // g: 1 is the newest order. The status of each comes from g's remainders (see above).
  await query(
    `insert into orders (id, customer_id, customer_name, customer_email, package_id, selected_gift_card, gift_card_delivered,
                         payment_method, payment_status, stripe_payment_intent_id, device_count, subtotal_amount, total_amount,
                         cashback_amount, refunded_amount, requires_shipping, shipping_address, shipping_city, shipping_state, shipping_zip,
                         failure_reason, paid_at, fulfilled_at, confirmation_sent_at, created_at)
     select o.id, md5('c' || o.c)::uuid, 'First' || o.c || ' Last' || o.c, 'buyer' || o.c || '@example.com',
            case when o.box then $4::text else ($3::text[])[o.g % array_length($3::text[], 1) + 1] end,
            'Amazon', not (o.g <= 3000 and o.g % 3 = 0), 'card', o.status, 'pi_bench_' || o.g, (1 + o.g % 4)::text,
            21.98, 21.98, 10, case when o.g % 50 = 0 then 21.98 when o.g % 50 = 1 then 5.00 else 0 end,
            o.box, case when o.box then o.g || ' Bench Street' end, case when o.box then 'Springfield' end,
            case when o.box then 'IL' end, case when o.box then '62701' end,
            null,
            case when o.paid then o.at + interval '1 minute' end,
            case when o.paid and o.status <> 'needs_review' then o.at + interval '2 minutes' end,
            case when o.paid then o.at + interval '2 minutes' end, o.at
       from (select g, 'SP-' || (1700000000000 + g) || '-' || lpad((g % 1000)::text, 3, '0') as id, g % $2::int + 1 as c,
                    now() - (g::float8 / $1::int) * ${YEARS_OF_ORDERS} as at,
                    $4::text is not null and g % 100 = 7 as box,
                    case when g % 50 = 0 then 'refunded' when g % 40 = 5 then 'pending' when g % 40 = 6 then 'failed'
                         when g % 2000 = 8 then 'needs_review' else 'completed' end as status,
                    g % 40 not in (5, 6) as paid
               from generate_series(1, $1::int) g) o`,
    [orderCount, customerCount, packageIds, boxId],
  );
  await query(
    `insert into order_refunds (order_id, amount, note, status, admin_id, admin_username, created_at)
     select id, refunded_amount, 'bench refund', 'succeeded', $1::uuid, $2::text, paid_at + interval '1 day'
       from orders where refunded_amount > 0`,
    [admin.id, admin.username],
  );
  await query(
    `insert into subscriptions (id, customer_id, package_id, order_id, device_count, status, start_date, expiration_date,
                                grace_suspended_at, grace_lines_off_at, created_at)
     select s.id, s.customer_id, s.package_id, s.order_id, s.device_count, s.status, s.paid_at, s.expires,
            case when s.status = 'expired' and s.grace_ended <= now() then s.grace_ended end,
            case when s.status = 'expired' and s.grace_ended <= now() then s.grace_ended end, s.paid_at
       from (select md5('s' || o.id)::uuid as id, o.customer_id, o.package_id, o.id as order_id, o.device_count::int as device_count,
                    case when o.payment_status = 'refunded' then 'cancelled' when o.paid_at > now() - interval '30 days' then 'active' else 'expired' end as status,
                    o.paid_at, o.paid_at + interval '30 days' as expires, o.paid_at + interval '33 days' as grace_ended
               from orders o where o.fulfilled_at is not null) s`,
  );
  // What the renewal pass of a store that ran all along has done (decision 0046): the lines of
  // subscriptions past their 3 days of grace are suspended (above), and each reminder, grace
  // notice and win-back already due is claimed, for the expiries a pass still looks at (up to
  // 32 days back, 7 ahead). Without it, the store measured would first catch up on what a
  // live store did over two years. A claim's period end is the expiry at milliseconds, as the
  // store writes it from a JS Date; the seed's expiries have microseconds, and a claim written
  // with them never counts as sent, so every store started on the seed sent 500 emails of
  // each kind a pass while its screens were being timed.
  await query(
    `insert into subscription_milestones (subscription_id, period_end, milestone, sent_at)
     select s.id, date_trunc('milliseconds', s.expiration_date), m.name, s.expiration_date + m.due
       from subscriptions s
       join (values ('7d', interval '-7 days', 'active'), ('3d', interval '-3 days', 'active'), ('1d', interval '-1 day', 'active'),
                    ('0d', interval '-12 hours', 'active'), ('grace', interval '1 day', 'expired'),
                    ('win-back-7d', interval '7 days', 'expired'), ('win-back-30d', interval '30 days', 'expired')) as m(name, due, status)
         on m.status = s.status
      where s.expiration_date > now() - interval '32 days' and s.expiration_date <= now() + interval '7 days'
        and s.expiration_date + m.due <= now()`,
  );
  await query(
    `insert into device_credentials (subscription_id, device_number, xtream_username, xtream_password, device_name)
     select s.id, d, 'u' || replace(s.id::text, '-', '') || d, 'p' || d, 'Device ' || d
       from subscriptions s, generate_series(1, s.device_count) d`,
  );
  await query(
    `insert into shipments (order_id, customer_id, subscription_id, tracking_number, shipping_address, city, state, zip_code, status, created_at)
     select o.id, o.customer_id, md5('s' || o.id)::uuid, case when o.g > 50000 then '1Z' || o.g end, o.shipping_address, o.shipping_city,
            o.shipping_state, o.shipping_zip, case when o.g > 50000 then 'shipped' else 'processing' end, o.fulfilled_at
       from (select *, substr(id, 4, 13)::bigint - 1700000000000 as g from orders where requires_shipping and fulfilled_at is not null) o`,
  );
  await query(
    `insert into purchase_notifications (order_id, package_name, customer_email, subscription_duration, device_count, gift_card, total_amount, timestamp)
     select o.id, p.name, o.customer_email, p.duration, o.device_count::int, o.selected_gift_card, o.total_amount, o.paid_at
       from orders o join packages p on p.id = o.package_id where o.paid_at is not null`,
  );
  await query(
    `insert into mail_outbox ("to", subject, text, dedupe_key, sent_at, created_at)
     select customer_email, 'Your StreamPlus order ' || id, 'Thank you', 'bench-confirmation-' || id, paid_at, paid_at
       from orders where paid_at is not null and (substr(id, 4, 13)::bigint) % 10 = 0`,
  );
  await query(
    `insert into audit_log (admin_id, admin_username, action, target_type, target_id, before, after, created_at)
     select $1::uuid, $2::text, 'order.refund', 'order', id, '{}'::jsonb, '{}'::jsonb, paid_at + interval '1 day'
       from orders where (substr(id, 4, 13)::bigint) % 100 = 0`,
    [admin.id, admin.username],
  );
  await query("set session_replication_role = 'origin'");
  await query('select order_figures_rebuild(), subscription_figures_rebuild(), mail_outbox_figures_rebuild()');
  // As autovacuum would have by then: index-only scans need the visibility map.
  await query('vacuum analyze');
}
