-- The foreign keys between two features' tables stay in the database; from here on they are
-- written in migrations, not in the features' drizzle tables, so that no feature's schema.ts
-- imports another's (decision 0047). drizzle-kit generated DROP CONSTRAINT for each; each is
-- kept and labelled instead. tests/api/foreign-keys.test.ts lists them all.
COMMENT ON CONSTRAINT "orders_customer_id_customers_id_fk" ON "orders" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
--> statement-breakpoint
COMMENT ON CONSTRAINT "orders_package_id_packages_id_fk" ON "orders" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
--> statement-breakpoint
COMMENT ON CONSTRAINT "shipments_customer_id_customers_id_fk" ON "shipments" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
--> statement-breakpoint
COMMENT ON CONSTRAINT "shipments_subscription_id_subscriptions_id_fk" ON "shipments" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
--> statement-breakpoint
COMMENT ON CONSTRAINT "subscriptions_customer_id_customers_id_fk" ON "subscriptions" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
--> statement-breakpoint
COMMENT ON CONSTRAINT "subscriptions_package_id_packages_id_fk" ON "subscriptions" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
--> statement-breakpoint
COMMENT ON CONSTRAINT "subscriptions_order_id_orders_id_fk" ON "subscriptions" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
--> statement-breakpoint
COMMENT ON CONSTRAINT "subscriptions_saved_card_id_saved_cards_id_fk" ON "subscriptions" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
--> statement-breakpoint
COMMENT ON CONSTRAINT "card_provider_customers_customer_id_customers_id_fk" ON "card_provider_customers" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
--> statement-breakpoint
COMMENT ON CONSTRAINT "saved_cards_customer_id_customers_id_fk" ON "saved_cards" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
--> statement-breakpoint
COMMENT ON CONSTRAINT "mail_preferences_customer_id_customers_id_fk" ON "mail_preferences" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
--> statement-breakpoint
COMMENT ON CONSTRAINT "audit_log_admin_id_admins_id_fk" ON "audit_log" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
--> statement-breakpoint
COMMENT ON CONSTRAINT "renewal_charges_subscription_id_subscriptions_id_fk" ON "renewal_charges" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
--> statement-breakpoint
COMMENT ON CONSTRAINT "renewal_charges_order_id_orders_id_fk" ON "renewal_charges" IS 'Between two features: kept in the migrations, not in drizzle (decision 0047).';
