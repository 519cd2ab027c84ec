ALTER TABLE "orders" ADD COLUMN "fulfilled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_unfinished_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."fulfilled_at" is null or "orders"."confirmation_sent_at" is null;