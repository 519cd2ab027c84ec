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
ALTER TABLE "renewal_charges" ADD CONSTRAINT "renewal_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_charges" ADD CONSTRAINT "renewal_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_charges_period_idx" ON "renewal_charges" USING btree ("subscription_id","period_end");--> statement-breakpoint
CREATE INDEX "renewal_charges_due_idx" ON "renewal_charges" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "subscriptions_auto_renew_expiry_idx" ON "subscriptions" USING btree ("expiration_date") WHERE "subscriptions"."auto_renew" and "subscriptions"."saved_card_id" is not null;