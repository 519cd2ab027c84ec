ALTER TABLE "orders" ADD COLUMN "coupon_reserved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_unpaid_reservation_idx" ON "orders" USING btree ("created_at") WHERE "orders"."coupon_reserved" and "orders"."payment_status" in ('pending', 'failed');--> statement-breakpoint
-- Orders paid before reservations had their coupon use counted at payment: they hold it, so
-- a refund gives it back (decision 0020). Unpaid older orders hold none and count at payment.
UPDATE "orders" SET "coupon_reserved" = true WHERE "coupon_code" IS NOT NULL AND "payment_status" = 'completed';
