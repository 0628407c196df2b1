CREATE TABLE "daily_vendor_invoice_rollups" (
	"vendor_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"date" date NOT NULL,
	"channel_id" integer NOT NULL,
	"status_code" text NOT NULL,
	"has_payment_method" boolean NOT NULL,
	"payment_method" text NOT NULL,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	"grand_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_vendor_invoice_rollups_pk" PRIMARY KEY("vendor_id","brand_id","date","channel_id","status_code","has_payment_method","payment_method")
);
--> statement-breakpoint
INSERT INTO "daily_vendor_invoice_rollups" ("vendor_id", "brand_id", "date", "channel_id", "status_code",
  "has_payment_method", "payment_method", "invoice_count", "grand_total")
SELECT v."vendor_id", i."brand_id", (i."created_at" AT TIME ZONE 'Asia/Jakarta')::date, i."channel_id",
  i."status_code", i."payment_method" IS NOT NULL, coalesce(i."payment_method", ''), count(*), sum(i."grand_total")
FROM "invoices" i
JOIN (SELECT DISTINCT "invoice_id", "vendor_id" FROM "orders" WHERE "status_code" <> 'diverted' AND "deleted_at" IS NULL) v
  ON v."invoice_id" = i."id"
GROUP BY 1, 2, 3, 4, 5, 6, 7;
