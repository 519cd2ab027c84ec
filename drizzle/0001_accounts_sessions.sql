CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_email_unique";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_account_email_idx" ON "customers" USING btree ("email") WHERE "customers"."has_account";--> statement-breakpoint
CREATE UNIQUE INDEX "customers_guest_email_idx" ON "customers" USING btree ("email") WHERE not "customers"."has_account";