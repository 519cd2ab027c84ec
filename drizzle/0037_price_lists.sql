CREATE TABLE "package_prices" (
	"package_id" text NOT NULL,
	"currency" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_prices_package_id_currency_pk" PRIMARY KEY("package_id","currency"),
	CONSTRAINT "package_prices_not_usd" CHECK ("package_prices"."currency" in ('EUR', 'GBP', 'BRL'))
);
--> statement-breakpoint
CREATE TABLE "store_currencies" (
	"currency" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_currencies_usd_stays_on" CHECK ("store_currencies"."currency" <> 'USD' or "store_currencies"."enabled")
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_crypto_payments" ADD COLUMN "price_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "package_prices" ADD CONSTRAINT "package_prices_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;