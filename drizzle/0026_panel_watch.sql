CREATE TABLE "panel_alerts" (
	"kind" text PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"episode" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "panel_checks" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"reachable" boolean NOT NULL,
	"latency_ms" integer NOT NULL,
	"error" text,
	"credits" double precision
);
--> statement-breakpoint
CREATE INDEX "panel_checks_reachable_idx" ON "panel_checks" USING btree ("minute") WHERE "panel_checks"."reachable";