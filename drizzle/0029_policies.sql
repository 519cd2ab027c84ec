CREATE TABLE "policy_versions" (
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"markdown" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_versions_name_version_pk" PRIMARY KEY("name","version")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_policy_version" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_ip_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_user_agent" text;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
COMMENT ON CONSTRAINT "policy_versions_created_by_admins_id_fk" ON "policy_versions" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
