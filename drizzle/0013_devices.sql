ALTER TABLE "audit_log" ALTER COLUMN "admin_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "set_top_box_macs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "device_credentials" ADD COLUMN "kind" text DEFAULT 'line' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_credentials" ADD COLUMN "mac" text;--> statement-breakpoint
ALTER TABLE "device_credentials" ADD COLUMN "panel_mag_id" text;--> statement-breakpoint
ALTER TABLE "device_credentials" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "device_credentials" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "devices_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_type" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
CREATE INDEX "device_credentials_mac_idx" ON "device_credentials" USING btree ("mac") WHERE "device_credentials"."mac" is not null;