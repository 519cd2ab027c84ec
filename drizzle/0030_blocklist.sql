CREATE TABLE "blocklist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"network" "cidr",
	"reason" text NOT NULL,
	"author_admin_id" uuid,
	"author_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "blocklist_entries_kind_value_idx" ON "blocklist_entries" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "blocklist_entries_network_idx" ON "blocklist_entries" USING gist ("network" inet_ops) WHERE network is not null;--> statement-breakpoint
CREATE INDEX "blocklist_entries_newest_idx" ON "blocklist_entries" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "blocklist_entries" ADD CONSTRAINT "blocklist_entries_author_admin_id_admins_id_fk" FOREIGN KEY ("author_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
COMMENT ON CONSTRAINT "blocklist_entries_author_admin_id_admins_id_fk" ON "blocklist_entries" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
