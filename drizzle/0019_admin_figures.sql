CREATE TABLE "notified_addresses" (
	"email" text PRIMARY KEY NOT NULL,
	"notifications" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_revenue_buckets" (
	"bucket" timestamp with time zone NOT NULL,
	"shard" smallint NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	"paid_orders" integer NOT NULL,
	CONSTRAINT "order_revenue_buckets_bucket_shard_pk" PRIMARY KEY("bucket","shard")
);
--> statement-breakpoint
CREATE TABLE "order_tallies" (
	"tally" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"devices" bigint NOT NULL,
	CONSTRAINT "order_tallies_tally_shard_pk" PRIMARY KEY("tally","shard")
);
--> statement-breakpoint
CREATE TABLE "subscription_holders" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"subscriptions" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_tallies" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL,
	"active" bigint NOT NULL,
	"devices" bigint NOT NULL,
	"holders" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_paid_shipping_idx";--> statement-breakpoint
ALTER TABLE "purchase_notifications" ADD COLUMN "counted_revenue" numeric(10, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_id_prefix_idx" ON "orders" USING btree ("id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_paid_shipping_idx" ON "orders" USING btree ("paid_at","id") WHERE "orders"."payment_status" = 'completed' and "orders"."requires_shipping";--> statement-breakpoint
-- Hand-written below (decision 0049): the triggers that keep the admin's figures in the
-- statement that writes an order, a purchase notification or a subscription, and a rebuild
-- from scratch that fills them for the rows already there. Orders' part first (its tables:
-- order_revenue_buckets, order_tallies, notified_addresses), then the subscriptions'.
CREATE FUNCTION order_figures_bucket(paid_at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  select coalesce(date_bin('15 minutes', paid_at, timestamptz '2000-01-01 00:00:00+00'), '-infinity')
$$;
--> statement-breakpoint
CREATE FUNCTION order_tally_add(which text, n bigint, amount numeric, devices bigint) RETURNS void LANGUAGE sql AS $$
  insert into order_tallies as t (tally, shard, count, amount, devices)
  values (which, (pg_backend_pid() % 8)::smallint, n, amount, devices)
  on conflict (tally, shard) do update
    set count = t.count + excluded.count, amount = t.amount + excluded.amount, devices = t.devices + excluded.devices
$$;
--> statement-breakpoint
-- A kept order's money in or out of its 15-minute bucket and of the whole-history tally.
CREATE FUNCTION order_revenue_add(paid_at timestamptz, revenue numeric, paid integer) RETURNS void LANGUAGE sql AS $$
  insert into order_revenue_buckets as b (bucket, shard, revenue, paid_orders)
  values (order_figures_bucket(paid_at), (pg_backend_pid() % 8)::smallint, revenue, paid)
  on conflict (bucket, shard) do update
    set revenue = b.revenue + excluded.revenue, paid_orders = b.paid_orders + excluded.paid_orders;
  select order_tally_add('kept', paid, revenue, 0);
$$;
--> statement-breakpoint
CREATE FUNCTION orders_figures_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept numeric := 0;
  counted numeric;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_tally_add('orders', 1, 0, 0);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM order_tally_add('orders', -1, 0, 0);
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.payment_status = 'completed' THEN
    PERFORM order_revenue_add(OLD.paid_at, -(OLD.total_amount - OLD.refunded_amount), -(OLD.total_amount > 0)::int);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.payment_status = 'completed' THEN
    kept := NEW.total_amount - NEW.refunded_amount;
    PERFORM order_revenue_add(NEW.paid_at, kept, (NEW.total_amount > 0)::int);
  END IF;
  -- Its notification (order_id is unique) counts the order's kept revenue as it is now.
  IF TG_OP = 'UPDATE' THEN
    SELECT counted_revenue INTO counted FROM purchase_notifications WHERE order_id = NEW.id FOR UPDATE;
    IF FOUND AND counted <> kept THEN
      UPDATE purchase_notifications SET counted_revenue = kept WHERE order_id = NEW.id;
      PERFORM order_tally_add('notifications', 0, kept - counted, 0);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_figures_insert AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION orders_figures_write();
--> statement-breakpoint
CREATE TRIGGER orders_figures_update AFTER UPDATE OF payment_status, paid_at, total_amount, refunded_amount ON orders FOR EACH ROW
  WHEN (OLD.payment_status IS DISTINCT FROM NEW.payment_status OR OLD.paid_at IS DISTINCT FROM NEW.paid_at
        OR OLD.total_amount IS DISTINCT FROM NEW.total_amount OR OLD.refunded_amount IS DISTINCT FROM NEW.refunded_amount)
  EXECUTE FUNCTION orders_figures_write();
--> statement-breakpoint
CREATE TRIGGER orders_figures_delete AFTER DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_figures_write();
--> statement-breakpoint
-- A notification counts its order's kept revenue: the value it was written with, brought in
-- line with the order as it is once the statement's changes are all made (the order's
-- trigger may have done so first, in the statement that completed it and wrote the notice).
CREATE FUNCTION purchase_notifications_figures_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept numeric;
  counted numeric;
  remaining integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM order_tally_add('notifications', -1, -OLD.counted_revenue, -OLD.device_count);
    UPDATE notified_addresses SET notifications = notifications - 1 WHERE email = OLD.customer_email RETURNING notifications INTO remaining;
    IF remaining = 0 THEN
      DELETE FROM notified_addresses WHERE email = OLD.customer_email;
      PERFORM order_tally_add('notified_addresses', -1, 0, 0);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT CASE WHEN payment_status = 'completed' THEN total_amount - refunded_amount ELSE 0 END INTO kept FROM orders WHERE id = NEW.order_id;
    SELECT counted_revenue INTO counted FROM purchase_notifications WHERE id = NEW.id;
    IF counted <> kept THEN
      UPDATE purchase_notifications SET counted_revenue = kept WHERE id = NEW.id;
    END IF;
    PERFORM order_tally_add('notifications', 1, NEW.counted_revenue + (kept - counted), NEW.device_count);
    INSERT INTO notified_addresses AS a (email, notifications) VALUES (NEW.customer_email, 1)
      ON CONFLICT (email) DO UPDATE SET notifications = a.notifications + 1
      RETURNING notifications INTO remaining;
    IF remaining = 1 THEN
      PERFORM order_tally_add('notified_addresses', 1, 0, 0);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER purchase_notifications_figures_insert AFTER INSERT OR DELETE ON purchase_notifications FOR EACH ROW EXECUTE FUNCTION purchase_notifications_figures_write();
--> statement-breakpoint
CREATE TRIGGER purchase_notifications_figures_update AFTER UPDATE OF order_id, customer_email, device_count ON purchase_notifications FOR EACH ROW
  WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.customer_email IS DISTINCT FROM NEW.customer_email OR OLD.device_count IS DISTINCT FROM NEW.device_count)
  EXECUTE FUNCTION purchase_notifications_figures_write();
--> statement-breakpoint
-- Every figure from scratch, for the rows already there (this migration, a bulk seed):
-- not while the store writes.
CREATE FUNCTION order_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE purchase_notifications AS n
     SET counted_revenue = CASE WHEN o.payment_status = 'completed' THEN o.total_amount - o.refunded_amount ELSE 0 END
    FROM orders AS o
   WHERE o.id = n.order_id
     AND n.counted_revenue <> CASE WHEN o.payment_status = 'completed' THEN o.total_amount - o.refunded_amount ELSE 0 END;
  DELETE FROM order_revenue_buckets;
  DELETE FROM order_tallies;
  DELETE FROM notified_addresses;
  INSERT INTO order_revenue_buckets (bucket, shard, revenue, paid_orders)
  SELECT order_figures_bucket(paid_at), 0, sum(total_amount - refunded_amount), count(*) FILTER (WHERE total_amount > 0)
    FROM orders WHERE payment_status = 'completed' GROUP BY 1;
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
--> statement-breakpoint
SELECT order_figures_rebuild();
--> statement-breakpoint
-- The subscriptions' part (their tables: subscription_tallies, subscription_holders).
CREATE FUNCTION subscriptions_figures_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_count bigint := 0;
  d_active bigint := 0;
  d_devices bigint := 0;
  d_holders bigint := 0;
  remaining integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    d_count := -1;
    d_active := -(OLD.status = 'active')::int;
    d_devices := -OLD.device_count;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    d_count := d_count + 1;
    d_active := d_active + (NEW.status = 'active')::int;
    d_devices := d_devices + NEW.device_count;
  END IF;
  IF OLD.customer_id IS DISTINCT FROM NEW.customer_id THEN
    IF OLD.customer_id IS NOT NULL THEN
      UPDATE subscription_holders SET subscriptions = subscriptions - 1 WHERE customer_id = OLD.customer_id RETURNING subscriptions INTO remaining;
      IF remaining = 0 THEN
        DELETE FROM subscription_holders WHERE customer_id = OLD.customer_id;
        d_holders := d_holders - 1;
      END IF;
    END IF;
    IF NEW.customer_id IS NOT NULL THEN
      INSERT INTO subscription_holders AS h (customer_id, subscriptions) VALUES (NEW.customer_id, 1)
        ON CONFLICT (customer_id) DO UPDATE SET subscriptions = h.subscriptions + 1
        RETURNING subscriptions INTO remaining;
      IF remaining = 1 THEN
        d_holders := d_holders + 1;
      END IF;
    END IF;
  END IF;
  INSERT INTO subscription_tallies AS t (shard, count, active, devices, holders)
  VALUES ((pg_backend_pid() % 8)::smallint, d_count, d_active, d_devices, d_holders)
  ON CONFLICT (shard) DO UPDATE
    SET count = t.count + excluded.count, active = t.active + excluded.active,
        devices = t.devices + excluded.devices, holders = t.holders + excluded.holders;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_figures_insert AFTER INSERT OR DELETE ON subscriptions FOR EACH ROW EXECUTE FUNCTION subscriptions_figures_write();
--> statement-breakpoint
CREATE TRIGGER subscriptions_figures_update AFTER UPDATE OF status, device_count, customer_id ON subscriptions FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.device_count IS DISTINCT FROM NEW.device_count OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION subscriptions_figures_write();
--> statement-breakpoint
CREATE FUNCTION subscription_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM subscription_tallies;
  DELETE FROM subscription_holders;
  INSERT INTO subscription_holders (customer_id, subscriptions)
  SELECT customer_id, count(*) FROM subscriptions GROUP BY 1;
  INSERT INTO subscription_tallies (shard, count, active, devices, holders)
  SELECT 0, count(*), count(*) FILTER (WHERE status = 'active'), coalesce(sum(device_count), 0), (SELECT count(*) FROM subscription_holders)
    FROM subscriptions;
END
$$;
--> statement-breakpoint
SELECT subscription_figures_rebuild();
