-- Hand-written (decision 0105): the admin's figures kept per currency, so that no amount is
-- ever added to one in another currency. The buckets, days and tallies are rebuilt from the
-- orders at the end, so their rows go first and the new columns need no default.
DELETE FROM "order_revenue_buckets";--> statement-breakpoint
DELETE FROM "order_revenue_days";--> statement-breakpoint
DELETE FROM "order_tallies";--> statement-breakpoint
ALTER TABLE "order_revenue_buckets" DROP CONSTRAINT "order_revenue_buckets_bucket_shard_pk";--> statement-breakpoint
ALTER TABLE "order_revenue_days" DROP CONSTRAINT "order_revenue_days_day_shard_pk";--> statement-breakpoint
ALTER TABLE "order_tallies" DROP CONSTRAINT "order_tallies_tally_shard_pk";--> statement-breakpoint
ALTER TABLE "order_revenue_buckets" ADD COLUMN "currency" text NOT NULL;--> statement-breakpoint
ALTER TABLE "order_revenue_days" ADD COLUMN "currency" text NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tallies" ADD COLUMN "currency" text NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_notifications" ADD COLUMN "counted_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_revenue_buckets" ADD CONSTRAINT "order_revenue_buckets_bucket_currency_shard_pk" PRIMARY KEY("bucket","currency","shard");--> statement-breakpoint
ALTER TABLE "order_revenue_days" ADD CONSTRAINT "order_revenue_days_day_currency_shard_pk" PRIMARY KEY("day","currency","shard");--> statement-breakpoint
ALTER TABLE "order_tallies" ADD CONSTRAINT "order_tallies_tally_currency_shard_pk" PRIMARY KEY("tally","currency","shard");--> statement-breakpoint
-- A tally of counts alone ('orders', 'listed:...', 'boxes_to_ship', 'notified_addresses') has
-- no currency (''), and so may never carry an amount.
ALTER TABLE "order_tallies" ADD CONSTRAINT "order_tallies_amount_has_currency" CHECK ("order_tallies"."amount" = 0 or "order_tallies"."currency" <> '');
--> statement-breakpoint
CREATE FUNCTION order_tally_add(which text, currency text, n bigint, amount numeric, devices bigint) RETURNS void LANGUAGE sql AS $$
  insert into order_tallies as t (tally, currency, shard, count, amount, devices)
  values (which, currency, (pg_backend_pid() % 8)::smallint, n, amount, devices)
  on conflict (tally, currency, shard) do update
    set count = t.count + excluded.count, amount = t.amount + excluded.amount, devices = t.devices + excluded.devices
$$;
--> statement-breakpoint
-- A kept order's money in or out of its currency's 15-minute bucket, day (in the kept zone,
-- decision 0050) and whole-history tally; the bucket first, as drizzle/0021 says why.
CREATE FUNCTION order_revenue_add(paid_at timestamptz, currency text, revenue numeric, paid integer) RETURNS void LANGUAGE sql AS $$
  insert into order_revenue_buckets as b (bucket, currency, shard, revenue, paid_orders)
  values (order_figures_bucket(paid_at), currency, (pg_backend_pid() % 8)::smallint, revenue, paid)
  on conflict (bucket, currency, shard) do update
    set revenue = b.revenue + excluded.revenue, paid_orders = b.paid_orders + excluded.paid_orders;
  insert into order_revenue_days as d (day, currency, shard, revenue, paid_orders)
  select (paid_at at time zone z.time_zone)::date, currency, (pg_backend_pid() % 8)::smallint, revenue, paid
    from order_revenue_zone z
   where z.time_zone is not null and paid_at is not null
  on conflict (day, currency, shard) do update
    set revenue = d.revenue + excluded.revenue, paid_orders = d.paid_orders + excluded.paid_orders;
  select order_tally_add('kept', currency, paid, revenue, 0);
$$;
--> statement-breakpoint
-- A notification counts its order's kept revenue in its order's currency (counted_revenue,
-- counted_currency). Brings the one of `notified_order` in line with `kept_now` in
-- `kept_currency`, moving its count, amount and devices to that currency's tally when the
-- currency changed. Called by both tables' triggers: whichever runs second finds it in line.
CREATE FUNCTION purchase_notification_recount(notified_order text, kept_now numeric, kept_currency text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  counted numeric;
  counted_in text;
  devices integer;
BEGIN
  SELECT n.counted_revenue, n.counted_currency, n.device_count INTO counted, counted_in, devices
    FROM purchase_notifications n WHERE n.order_id = notified_order FOR UPDATE;
  IF NOT FOUND OR (counted = kept_now AND counted_in = kept_currency) THEN
    RETURN;
  END IF;
  UPDATE purchase_notifications n SET counted_revenue = kept_now, counted_currency = kept_currency WHERE n.order_id = notified_order;
  IF counted_in = kept_currency THEN
    PERFORM order_tally_add('notifications', kept_currency, 0, kept_now - counted, 0);
  ELSE
    PERFORM order_tally_add('notifications', counted_in, -1, -counted, -devices);
    PERFORM order_tally_add('notifications', kept_currency, 1, kept_now, devices);
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_figures_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept numeric := 0;
  boxes integer := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_tally_add('orders', '', 1, 0, 0);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM order_tally_add('orders', '', -1, 0, 0);
  END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.payment_status IS DISTINCT FROM NEW.payment_status OR OLD.package_id IS DISTINCT FROM NEW.package_id) THEN
    PERFORM order_tally_add('listed:' || OLD.payment_status || ':' || OLD.package_id, '', -1, 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR OLD.payment_status IS DISTINCT FROM NEW.payment_status OR OLD.package_id IS DISTINCT FROM NEW.package_id) THEN
    PERFORM order_tally_add('listed:' || NEW.payment_status || ':' || NEW.package_id, '', 1, 0, 0);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    boxes := boxes - order_box_to_ship(OLD);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    boxes := boxes + order_box_to_ship(NEW);
  END IF;
  IF boxes <> 0 THEN
    PERFORM order_tally_add('boxes_to_ship', '', boxes, 0, 0);
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.payment_status IN ('completed', 'disputed', 'disputed_lost') THEN
    PERFORM order_revenue_add(OLD.paid_at, OLD.currency, -(OLD.total_amount - OLD.refunded_amount - OLD.dispute_loss), -(OLD.total_amount > 0)::int);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.payment_status IN ('completed', 'disputed', 'disputed_lost') THEN
    kept := NEW.total_amount - NEW.refunded_amount - NEW.dispute_loss;
    PERFORM order_revenue_add(NEW.paid_at, NEW.currency, kept, (NEW.total_amount > 0)::int);
  END IF;
  -- Its notification (order_id is unique) counts the order's kept revenue as it is now.
  IF TG_OP = 'UPDATE' THEN
    PERFORM purchase_notification_recount(NEW.id, kept, NEW.currency);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER orders_figures_update ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_figures_update AFTER UPDATE OF payment_status, paid_at, total_amount, refunded_amount, dispute_loss, package_id, requires_shipping, currency ON orders FOR EACH ROW
  WHEN (OLD.payment_status IS DISTINCT FROM NEW.payment_status OR OLD.paid_at IS DISTINCT FROM NEW.paid_at
        OR OLD.total_amount IS DISTINCT FROM NEW.total_amount OR OLD.refunded_amount IS DISTINCT FROM NEW.refunded_amount OR OLD.dispute_loss IS DISTINCT FROM NEW.dispute_loss
        OR OLD.package_id IS DISTINCT FROM NEW.package_id OR OLD.requires_shipping IS DISTINCT FROM NEW.requires_shipping
        OR OLD.currency IS DISTINCT FROM NEW.currency)
  EXECUTE FUNCTION orders_figures_write();
--> statement-breakpoint
-- A notification is counted as it was written, then brought in line with its order as it is
-- once the statement's changes are all made (the order's trigger may have done so first).
CREATE OR REPLACE FUNCTION purchase_notifications_figures_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept numeric;
  kept_in text;
  remaining integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM order_tally_add('notifications', OLD.counted_currency, -1, -OLD.counted_revenue, -OLD.device_count);
    UPDATE notified_addresses SET notifications = notifications - 1 WHERE email = OLD.customer_email RETURNING notifications INTO remaining;
    IF remaining = 0 THEN
      DELETE FROM notified_addresses WHERE email = OLD.customer_email;
      PERFORM order_tally_add('notified_addresses', '', -1, 0, 0);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM order_tally_add('notifications', NEW.counted_currency, 1, NEW.counted_revenue, NEW.device_count);
    SELECT CASE WHEN payment_status IN ('completed', 'disputed', 'disputed_lost') THEN total_amount - refunded_amount - dispute_loss ELSE 0 END, currency
      INTO kept, kept_in FROM orders WHERE id = NEW.order_id;
    PERFORM purchase_notification_recount(NEW.order_id, kept, kept_in);
    INSERT INTO notified_addresses AS a (email, notifications) VALUES (NEW.customer_email, 1)
      ON CONFLICT (email) DO UPDATE SET notifications = a.notifications + 1
      RETURNING notifications INTO remaining;
    IF remaining = 1 THEN
      PERFORM order_tally_add('notified_addresses', '', 1, 0, 0);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shipments_figures_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  boxes integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN ('shipped', 'delivered') THEN
    PERFORM 1 FROM orders WHERE id = OLD.order_id AND payment_status = 'completed' AND requires_shipping FOR SHARE;
    IF FOUND THEN boxes := boxes + 1; END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('shipped', 'delivered') THEN
    PERFORM 1 FROM orders WHERE id = NEW.order_id AND payment_status = 'completed' AND requires_shipping FOR SHARE;
    IF FOUND THEN boxes := boxes - 1; END IF;
  END IF;
  IF boxes <> 0 THEN
    PERFORM order_tally_add('boxes_to_ship', '', boxes, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION order_revenue_add(timestamptz, numeric, integer);
--> statement-breakpoint
DROP FUNCTION order_tally_add(text, bigint, numeric, bigint);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_revenue_days_keep(zone text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT time_zone FROM order_revenue_zone) IS NOT DISTINCT FROM zone THEN
    RETURN false;
  END IF;
  LOCK TABLE order_revenue_buckets IN SHARE ROW EXCLUSIVE MODE;
  INSERT INTO order_revenue_zone ("only", time_zone) VALUES (true, zone)
    ON CONFLICT ("only") DO UPDATE SET time_zone = excluded.time_zone;
  DELETE FROM order_revenue_days;
  INSERT INTO order_revenue_days (day, currency, shard, revenue, paid_orders)
  SELECT (bucket AT TIME ZONE zone)::date, currency, 0, sum(revenue), sum(paid_orders)
    FROM order_revenue_buckets WHERE bucket > '-infinity' GROUP BY 1, 2;
  RETURN true;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT time_zone FROM order_revenue_zone);
BEGIN
  UPDATE purchase_notifications AS n
     SET counted_revenue = CASE WHEN o.payment_status IN ('completed', 'disputed', 'disputed_lost') THEN o.total_amount - o.refunded_amount - o.dispute_loss ELSE 0 END,
         counted_currency = o.currency
    FROM orders AS o
   WHERE o.id = n.order_id
     AND (n.counted_currency <> o.currency
          OR n.counted_revenue <> CASE WHEN o.payment_status IN ('completed', 'disputed', 'disputed_lost') THEN o.total_amount - o.refunded_amount - o.dispute_loss ELSE 0 END);
  DELETE FROM order_revenue_buckets;
  DELETE FROM order_revenue_days;
  DELETE FROM order_tallies;
  DELETE FROM notified_addresses;
  INSERT INTO order_revenue_buckets (bucket, currency, shard, revenue, paid_orders)
  SELECT order_figures_bucket(paid_at), currency, 0, sum(total_amount - refunded_amount - dispute_loss), count(*) FILTER (WHERE total_amount > 0)
    FROM orders WHERE payment_status IN ('completed', 'disputed', 'disputed_lost') GROUP BY 1, 2;
  IF zone IS NOT NULL THEN
    INSERT INTO order_revenue_days (day, currency, shard, revenue, paid_orders)
    SELECT (bucket AT TIME ZONE zone)::date, currency, 0, sum(revenue), sum(paid_orders)
      FROM order_revenue_buckets WHERE bucket > '-infinity' GROUP BY 1, 2;
  END IF;
  INSERT INTO notified_addresses (email, notifications)
  SELECT customer_email, count(*) FROM purchase_notifications GROUP BY 1;
  INSERT INTO order_tallies (tally, currency, shard, count, amount, devices)
  SELECT 'orders', '', 0, count(*), 0, 0 FROM orders
  UNION ALL
  SELECT 'kept', currency, 0, count(*) FILTER (WHERE total_amount > 0), sum(total_amount - refunded_amount - dispute_loss), 0
    FROM orders WHERE payment_status IN ('completed', 'disputed', 'disputed_lost') GROUP BY currency
  UNION ALL
  SELECT 'notifications', counted_currency, 0, count(*), sum(counted_revenue), sum(device_count) FROM purchase_notifications GROUP BY counted_currency
  UNION ALL
  SELECT 'notified_addresses', '', 0, count(*), 0, 0 FROM notified_addresses
  UNION ALL
  SELECT 'listed:' || payment_status || ':' || package_id, '', 0, count(*), 0, 0 FROM orders GROUP BY payment_status, package_id
  UNION ALL
  SELECT 'boxes_to_ship', '', 0, count(*), 0, 0 FROM orders o
   WHERE o.payment_status = 'completed' AND o.requires_shipping
     AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id AND s.status IN ('shipped', 'delivered'));
END
$$;
--> statement-breakpoint
SELECT order_figures_rebuild();
