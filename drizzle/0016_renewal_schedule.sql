CREATE TABLE "subscription_milestones" (
	"subscription_id" uuid NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"milestone" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscription_milestones_subscription_id_period_end_milestone_pk" PRIMARY KEY("subscription_id","period_end","milestone")
);
--> statement-breakpoint
CREATE TABLE "win_back_coupon" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"coupon_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "win_back_coupon_one_row" CHECK ("win_back_coupon"."only")
);
--> statement-breakpoint
CREATE TABLE "crypto_renewal_invoices" (
	"subscription_id" uuid NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"order_id" text,
	"invoice_id" text,
	"invoice_url" text,
	"claimed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_renewal_invoices_subscription_id_period_end_pk" PRIMARY KEY("subscription_id","period_end"),
	CONSTRAINT "crypto_renewal_invoices_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "grace_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "grace_lines_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_milestones" ADD CONSTRAINT "subscription_milestones_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "win_back_coupon" ADD CONSTRAINT "win_back_coupon_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_grace_due_idx" ON "subscriptions" USING btree ("expiration_date") WHERE "subscriptions"."status" = 'expired' and "subscriptions"."grace_lines_off_at" is null;--> statement-breakpoint
-- Hand-written (h-remind, issue 21): keep this block at the end, after the generated statements,
-- and the DROP COLUMN of reminder_sent_at after the backfill that reads it.
-- A subscription whose 3-day reminder went out under the old job keeps it sent: its milestone is claimed.
INSERT INTO "subscription_milestones" ("subscription_id", "period_end", "milestone", "sent_at")
SELECT "id", "expiration_date", '3d', "reminder_sent_at" FROM "subscriptions" WHERE "reminder_sent_at" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Subscriptions that expired before the grace period existed had their lines disabled at expiry.
UPDATE "subscriptions" SET "grace_suspended_at" = "expiration_date", "grace_lines_off_at" = "expiration_date" WHERE "status" = 'expired';--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "reminder_sent_at";