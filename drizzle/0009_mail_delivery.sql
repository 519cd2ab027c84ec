ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "secret_links" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Rows written before this migration were kept (no SMTP) or sent as they were written, each
-- an email of its own (docs/decisions/0028).
UPDATE "mail_outbox" SET "dedupe_key" = 'written-before-keys:' || "id", "sent_at" = "created_at";--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "dedupe_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_unsent_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_dedupe_key_unique" UNIQUE("dedupe_key");
