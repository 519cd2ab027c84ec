CREATE TABLE "incident_compensation_lines" (
	"incident_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"expiry_before" timestamp with time zone NOT NULL,
	"expiry_after" timestamp with time zone NOT NULL,
	"panel_done_at" timestamp with time zone,
	"panel_held_until" timestamp with time zone,
	"panel_attempts" integer DEFAULT 0 NOT NULL,
	"panel_last_error" text,
	CONSTRAINT "incident_compensation_lines_incident_id_subscription_id_pk" PRIMARY KEY("incident_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "incident_compensations" (
	"incident_id" uuid PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"admin_username" text NOT NULL,
	"subscriptions" integer NOT NULL,
	"customers" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"packages" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"posted_by" text NOT NULL,
	"notified_customers" integer,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_compensation_lines" ADD CONSTRAINT "incident_compensation_lines_incident_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident_compensations"("incident_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_compensations" ADD CONSTRAINT "incident_compensations_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_compensation_lines_panel_due_idx" ON "incident_compensation_lines" USING btree ("incident_id") WHERE panel_done_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_open_dedupe_idx" ON "incidents" USING btree ("dedupe_key") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "incidents_started_idx" ON "incidents" USING btree ("started_at");