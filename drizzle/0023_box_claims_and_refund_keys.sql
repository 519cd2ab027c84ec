CREATE TABLE "set_top_box_claims" (
	"mac" text PRIMARY KEY NOT NULL,
	"order_id" text,
	"buyer_email" text,
	"device_id" uuid,
	"held_until" timestamp with time zone,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "request_fingerprint" text;--> statement-breakpoint
CREATE INDEX "order_refunds_key_idx" ON "order_refunds" USING btree ("request_key") WHERE "order_refunds"."request_key" is not null;--> statement-breakpoint
-- The boxes held before claims were kept (decision 0073): each MAC on a device of a running
-- subscription, the earliest device where a race left two; then those reserved by orders
-- still awaiting their payment or their provisioning.
INSERT INTO "set_top_box_claims" ("mac", "order_id", "device_id", "claimed_at")
SELECT DISTINCT ON (d."mac") d."mac", s."order_id", d."id", now()
  FROM "device_credentials" d JOIN "subscriptions" s ON s."id" = d."subscription_id"
 WHERE d."mac" IS NOT NULL AND d."is_active" AND s."status" IN ('active', 'pending_activation') AND s."expiration_date" > now()
 ORDER BY d."mac", d."created_at"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "set_top_box_claims" ("mac", "order_id", "buyer_email", "held_until", "claimed_at")
SELECT DISTINCT ON (box."mac") box."mac", o."id", o."customer_email",
       CASE WHEN o."payment_status" IN ('completed', 'needs_review') THEN now() + interval '1 day'
            WHEN o."payment_method" = 'crypto' THEN o."created_at" + interval '7 days'
            ELSE o."created_at" + interval '1 hour' END,
       now()
  FROM "orders" o, unnest(o."set_top_box_macs") AS box("mac")
 WHERE (o."payment_status" IN ('pending', 'failed') AND o."created_at" > now() - interval '7 days')
    OR (o."payment_status" IN ('completed', 'needs_review') AND o."fulfilled_at" IS NULL)
 ORDER BY box."mac", o."created_at"
ON CONFLICT DO NOTHING;
