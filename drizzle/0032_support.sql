CREATE TABLE "support_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"filename" text NOT NULL,
	"position" smallint NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_goodwill_months" (
	"subscription_id" uuid NOT NULL,
	"month" text NOT NULL,
	"days" smallint NOT NULL,
	CONSTRAINT "support_goodwill_months_subscription_id_month_pk" PRIMARY KEY("subscription_id","month"),
	CONSTRAINT "support_goodwill_months_limit" CHECK ("support_goodwill_months"."days" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "support_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ticket_id" uuid NOT NULL,
	"author" text NOT NULL,
	"staff_id" uuid,
	"staff_name" text,
	"body" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"response_target_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_settings_one_row" CHECK ("support_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "support_ticket_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "support_tickets_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1),
	"customer_id" uuid,
	"email" text NOT NULL,
	"order_id" text,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"device_id" uuid,
	"channel" text,
	"status" text DEFAULT 'open' NOT NULL,
	"verified_at" timestamp with time zone,
	"assignee_id" uuid,
	"assignee_name" text,
	"last_customer_message_at" timestamp with time zone NOT NULL,
	"waiting_since" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"rating" smallint,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_number_unique" UNIQUE("number"),
	CONSTRAINT "support_tickets_rating_range" CHECK ("support_tickets"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_message_id_support_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_links" ADD CONSTRAINT "support_ticket_links_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_message_idx" ON "support_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "support_messages_ticket_idx" ON "support_messages" USING btree ("ticket_id","seq");--> statement-breakpoint
CREATE INDEX "support_ticket_links_ticket_idx" ON "support_ticket_links" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "support_tickets_customer_idx" ON "support_tickets" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_inbox_idx" ON "support_tickets" USING btree ("status","last_customer_message_at");--> statement-breakpoint
CREATE INDEX "support_tickets_waiting_idx" ON "support_tickets" USING btree ("waiting_since") WHERE "support_tickets"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "support_tickets_channels_idx" ON "support_tickets" USING btree ("created_at") WHERE "support_tickets"."category" = 'channels';--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE SET NULL ON UPDATE no action;--> statement-breakpoint
COMMENT ON CONSTRAINT "support_tickets_customer_id_customers_id_fk" ON "support_tickets" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
COMMENT ON CONSTRAINT "support_tickets_order_id_orders_id_fk" ON "support_tickets" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_device_id_device_credentials_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device_credentials"("id") ON DELETE SET NULL ON UPDATE no action;--> statement-breakpoint
COMMENT ON CONSTRAINT "support_tickets_device_id_device_credentials_id_fk" ON "support_tickets" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assignee_id_admins_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."admins"("id") ON DELETE SET NULL ON UPDATE no action;--> statement-breakpoint
COMMENT ON CONSTRAINT "support_tickets_assignee_id_admins_id_fk" ON "support_tickets" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_staff_id_admins_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admins"("id") ON DELETE SET NULL ON UPDATE no action;--> statement-breakpoint
COMMENT ON CONSTRAINT "support_messages_staff_id_admins_id_fk" ON "support_messages" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';--> statement-breakpoint
ALTER TABLE "support_goodwill_months" ADD CONSTRAINT "support_goodwill_months_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
COMMENT ON CONSTRAINT "support_goodwill_months_subscription_id_subscriptions_id_fk" ON "support_goodwill_months" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
