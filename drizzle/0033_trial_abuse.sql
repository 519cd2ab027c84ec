CREATE TABLE "trial_budget" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"daily_budget" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_budget_one_row" CHECK ("trial_budget"."only"),
	CONSTRAINT "trial_budget_range" CHECK ("trial_budget"."daily_budget" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "trial_days" (
	"day" date PRIMARY KEY NOT NULL,
	"started" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_cards" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "demo_payment_methods" ADD COLUMN "card_fingerprint" text;