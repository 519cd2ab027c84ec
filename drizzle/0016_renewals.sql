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
CREATE TABLE "card_provider_customers" (
	"customer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_provider_customers_customer_id_provider_pk" PRIMARY KEY("customer_id","provider")
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
CREATE TABLE "saved_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"off_session_behaviour" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"payment_method_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewal_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"order_id" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"first_declined_at" timestamp with time zone,
	"last_error_code" text,
	"last_error_message" text,
	"amount_cents" integer,
	"card_last4" text,
	"payment_intent_id" text,
	"client_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "grace_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "grace_lines_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "saved_card_id" uuid;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "last_error_code" text;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "setup_future_usage" text;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "subscription_milestones" ADD CONSTRAINT "subscription_milestones_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "win_back_coupon" ADD CONSTRAINT "win_back_coupon_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_provider_customers" ADD CONSTRAINT "card_provider_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_charges" ADD CONSTRAINT "renewal_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_charges" ADD CONSTRAINT "renewal_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_provider_method_idx" ON "saved_cards" USING btree ("provider","provider_payment_method_id");--> statement-breakpoint
CREATE INDEX "saved_cards_customer_idx" ON "saved_cards" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "demo_payment_methods_customer_idx" ON "demo_payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_charges_period_idx" ON "renewal_charges" USING btree ("subscription_id","period_end");--> statement-breakpoint
CREATE INDEX "renewal_charges_due_idx" ON "renewal_charges" USING btree ("status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_auto_renew_expiry_idx" ON "subscriptions" USING btree ("expiration_date") WHERE "subscriptions"."auto_renew" and "subscriptions"."saved_card_id" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_grace_due_idx" ON "subscriptions" USING btree ("expiration_date") WHERE "subscriptions"."status" = 'expired' and "subscriptions"."grace_lines_off_at" is null;--> statement-breakpoint
-- Written by hand (issue 21), after the generated statements; 0017 drops reminder_sent_at
-- once this backfill has read it.
-- A subscription whose 3-day reminder went out under the old job keeps it sent: its milestone is claimed.
INSERT INTO "subscription_milestones" ("subscription_id", "period_end", "milestone", "sent_at")
SELECT "id", "expiration_date", '3d', "reminder_sent_at" FROM "subscriptions" WHERE "reminder_sent_at" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Subscriptions that expired before the grace period existed had their lines disabled at expiry.
UPDATE "subscriptions" SET "grace_suspended_at" = "expiration_date", "grace_lines_off_at" = "expiration_date" WHERE "status" = 'expired';
