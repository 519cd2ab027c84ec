CREATE TABLE "mail_outbox_tallies" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written below (decision 0055): more totals the writers keep, so that no admin list's
-- total counts thousands of rows. Orders' (order_tallies): each payment status per package,
-- 'listed:<status>:<package>', for a list filtered by status or package alone; and the paid
-- boxes not yet shipped, 'boxes_to_ship', for the navigation's badge, kept by the orders'
-- trigger and by the shipments' (both the orders feature's tables). The mail's: the outbox's
-- emails (mail_outbox_tallies).
-- 1 when the order is a paid box whose shipment has not left (work-waiting.ts's boxToShip).
CREATE FUNCTION order_box_to_ship(o orders) RETURNS integer LANGUAGE sql STABLE AS $$
  select case when o.payment_status = 'completed' and o.requires_shipping
              then (not exists (select 1 from shipments s where s.order_id = o.id and s.status in ('shipped', 'delivered')))::int
              else 0 end
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_figures_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept numeric := 0;
  counted numeric;
  boxes integer := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_tally_add('orders', 1, 0, 0);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM order_tally_add('orders', -1, 0, 0);
  END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.payment_status IS DISTINCT FROM NEW.payment_status OR OLD.package_id IS DISTINCT FROM NEW.package_id) THEN
    PERFORM order_tally_add('listed:' || OLD.payment_status || ':' || OLD.package_id, -1, 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR OLD.payment_status IS DISTINCT FROM NEW.payment_status OR OLD.package_id IS DISTINCT FROM NEW.package_id) THEN
    PERFORM order_tally_add('listed:' || NEW.payment_status || ':' || NEW.package_id, 1, 0, 0);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    boxes := boxes - order_box_to_ship(OLD);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    boxes := boxes + order_box_to_ship(NEW);
  END IF;
  IF boxes <> 0 THEN
    PERFORM order_tally_add('boxes_to_ship', boxes, 0, 0);
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
DROP TRIGGER orders_figures_update ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_figures_update AFTER UPDATE OF payment_status, paid_at, total_amount, refunded_amount, package_id, requires_shipping ON orders FOR EACH ROW
  WHEN (OLD.payment_status IS DISTINCT FROM NEW.payment_status OR OLD.paid_at IS DISTINCT FROM NEW.paid_at
        OR OLD.total_amount IS DISTINCT FROM NEW.total_amount OR OLD.refunded_amount IS DISTINCT FROM NEW.refunded_amount
        OR OLD.package_id IS DISTINCT FROM NEW.package_id OR OLD.requires_shipping IS DISTINCT FROM NEW.requires_shipping)
  EXECUTE FUNCTION orders_figures_write();
--> statement-breakpoint
-- A shipment leaving (or coming back) changes whether its paid box waits. Its order's row is
-- read FOR SHARE: a concurrent change of the order's status waits for this transaction, or
-- this one for it, so the two triggers never both count the same change.
CREATE FUNCTION shipments_figures_write() RETURNS trigger LANGUAGE plpgsql AS $$
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
    PERFORM order_tally_add('boxes_to_ship', boxes, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shipments_figures_insert AFTER INSERT OR DELETE ON shipments FOR EACH ROW EXECUTE FUNCTION shipments_figures_write();
--> statement-breakpoint
CREATE TRIGGER shipments_figures_update AFTER UPDATE OF status, order_id ON shipments FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION shipments_figures_write();
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
  SELECT 'notified_addresses', 0, count(*), 0, 0 FROM notified_addresses
  UNION ALL
  SELECT 'listed:' || payment_status || ':' || package_id, 0, count(*), 0, 0 FROM orders GROUP BY payment_status, package_id
  UNION ALL
  SELECT 'boxes_to_ship', 0, count(*), 0, 0 FROM orders o
   WHERE o.payment_status = 'completed' AND o.requires_shipping
     AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id AND s.status IN ('shipped', 'delivered'));
END
$$;
--> statement-breakpoint
SELECT order_figures_rebuild();
--> statement-breakpoint
CREATE FUNCTION mail_outbox_figures_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mail_outbox_tallies AS t (shard, count)
  VALUES ((pg_backend_pid() % 8)::smallint, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
  ON CONFLICT (shard) DO UPDATE SET count = t.count + excluded.count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mail_outbox_figures_insert AFTER INSERT OR DELETE ON mail_outbox FOR EACH ROW EXECUTE FUNCTION mail_outbox_figures_write();
--> statement-breakpoint
-- The outbox's count from scratch (this migration, a bulk seed): not while the store writes.
CREATE FUNCTION mail_outbox_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM mail_outbox_tallies;
  INSERT INTO mail_outbox_tallies (shard, count) SELECT 0, count(*) FROM mail_outbox;
END
$$;
--> statement-breakpoint
SELECT mail_outbox_figures_rebuild();
