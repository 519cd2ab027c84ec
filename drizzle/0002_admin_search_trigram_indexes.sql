-- The admin's search matches part of an email, a name or an order id (docs/decisions 0012).
-- Trigram indexes answer such a match without reading every row. pg_trgm is a trusted
-- extension (PostgreSQL 13+), so the database's owner may create it; PGlite loads it in connect.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_id_trgm_idx" ON "orders" USING gin ("id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);
