CREATE TABLE "brand_customer_totals" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"customer_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "brand_customer_totals" ("brand_id", "customer_count")
SELECT "brand_id", count(*) FROM "customers" GROUP BY "brand_id";
