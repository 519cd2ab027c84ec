CREATE INDEX "customers_email_local_end_idx" ON "customers" USING btree (reverse(lower(split_part("email", '@', 1))) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_email_local_end_idx" ON "orders" USING btree (reverse(lower(split_part("customer_email", '@', 1))) text_pattern_ops);--> statement-breakpoint
-- Hand-written (decision 0051): an expression index has statistics of its own only once
-- ANALYZE has run; until then the planner guesses its range and may prefer the trigram index.
ANALYZE "orders";--> statement-breakpoint
ANALYZE "customers";
