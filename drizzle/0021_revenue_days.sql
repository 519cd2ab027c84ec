CREATE TABLE "order_revenue_days" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	"paid_orders" integer NOT NULL,
	CONSTRAINT "order_revenue_days_day_shard_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
CREATE TABLE "order_revenue_zone" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text,
	CONSTRAINT "order_revenue_zone_one_row" CHECK ("order_revenue_zone"."only")
);
--> statement-breakpoint
-- Hand-written below (decision 0050): the day added beside the quarter hour by the writers'
-- triggers, the change of zone, and the rebuild with the days. No zone row: no days kept.
-- A kept order's money in or out of its 15-minute bucket, its day in the kept zone, and the
-- whole-history tally. The bucket first: a change of zone locks the buckets, so a writer
-- that waits there reads the new zone after (each statement of a volatile SQL function takes
-- its own snapshot), and one that got there first is waited for and rebuilt in.
CREATE OR REPLACE FUNCTION order_revenue_add(paid_at timestamptz, revenue numeric, paid integer) RETURNS void LANGUAGE sql AS $$
  insert into order_revenue_buckets as b (bucket, shard, revenue, paid_orders)
  values (order_figures_bucket(paid_at), (pg_backend_pid() % 8)::smallint, revenue, paid)
  on conflict (bucket, shard) do update
    set revenue = b.revenue + excluded.revenue, paid_orders = b.paid_orders + excluded.paid_orders;
  insert into order_revenue_days as d (day, shard, revenue, paid_orders)
  select (paid_at at time zone z.time_zone)::date, (pg_backend_pid() % 8)::smallint, revenue, paid
    from order_revenue_zone z
   where z.time_zone is not null and paid_at is not null
  on conflict (day, shard) do update
    set revenue = d.revenue + excluded.revenue, paid_orders = d.paid_orders + excluded.paid_orders;
  select order_tally_add('kept', paid, revenue, 0);
$$;
--> statement-breakpoint
-- The days of `zone` from the quarter hours (each lies within one day of any zone), under a
-- lock that waits for every transaction that wrote a bucket and holds off new ones until
-- the days are whole again. True when the zone changed.
CREATE FUNCTION order_revenue_days_keep(zone text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT time_zone FROM order_revenue_zone) IS NOT DISTINCT FROM zone THEN
    RETURN false;
  END IF;
  LOCK TABLE order_revenue_buckets IN SHARE ROW EXCLUSIVE MODE;
  INSERT INTO order_revenue_zone ("only", time_zone) VALUES (true, zone)
    ON CONFLICT ("only") DO UPDATE SET time_zone = excluded.time_zone;
  DELETE FROM order_revenue_days;
  INSERT INTO order_revenue_days (day, shard, revenue, paid_orders)
  SELECT (bucket AT TIME ZONE zone)::date, 0, sum(revenue), sum(paid_orders)
    FROM order_revenue_buckets WHERE bucket > '-infinity' GROUP BY 1;
  RETURN true;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT time_zone FROM order_revenue_zone);
BEGIN
  UPDATE purchase_notifications AS n
     SET counted_revenue = CASE WHEN o.payment_status = 'completed' THEN o.total_amount - o.refunded_amount ELSE 0 END
    FROM orders AS o
   WHERE o.id = n.order_id
     AND n.counted_revenue <> CASE WHEN o.payment_status = 'completed' THEN o.total_amount - o.refunded_amount ELSE 0 END;
  DELETE FROM order_revenue_buckets;
  DELETE FROM order_revenue_days;
  DELETE FROM order_tallies;
  DELETE FROM notified_addresses;
  INSERT INTO order_revenue_buckets (bucket, shard, revenue, paid_orders)
  SELECT order_figures_bucket(paid_at), 0, sum(total_amount - refunded_amount), count(*) FILTER (WHERE total_amount > 0)
    FROM orders WHERE payment_status = 'completed' GROUP BY 1;
  IF zone IS NOT NULL THEN
    INSERT INTO order_revenue_days (day, shard, revenue, paid_orders)
    SELECT (bucket AT TIME ZONE zone)::date, 0, sum(revenue), sum(paid_orders)
      FROM order_revenue_buckets WHERE bucket > '-infinity' GROUP BY 1;
  END IF;
  INSERT INTO notified_addresses (email, notifications)
  SELECT customer_email, count(*) FROM purchase_notifications GROUP BY 1;
  INSERT INTO order_tallies (tally, shard, count, amount, devices)
  SELECT 'orders', 0, count(*), 0, 0 FROM orders
  UNION ALL
  SELECT 'kept', 0, count(*) FILTER (WHERE total_amount > 0), coalesce(sum(total_amount - refunded_amount), 0), 0
    FROM orders WHERE payment_status = 'completed'
  UNION ALL
  SELECT 'notifications', 0, count(*), coalesce(sum(counted_revenue), 0), coalesce(sum(device_count), 0) FROM purchase_notifications
  UNION ALL
  SELECT 'notified_addresses', 0, count(*), 0, 0 FROM notified_addresses;
END
$$;
