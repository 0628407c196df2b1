CREATE TABLE "daily_in_stock_rollups" (
	"brand_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"date" date NOT NULL,
	"category_id" integer NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"in_stock" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_in_stock_rollups_brand_id_vendor_id_date_category_id_pk" PRIMARY KEY("brand_id","vendor_id","date","category_id")
);
--> statement-breakpoint
INSERT INTO "daily_in_stock_rollups" ("brand_id", "vendor_id", "date", "category_id", "products", "in_stock")
SELECT p."brand_id", s."vendor_id", s."date", coalesce(p."category_id", 0), count(*), count(*) FILTER (WHERE s."available" > 0)
FROM "stock_daily_snapshots" s JOIN "products" p ON p."id" = s."product_id"
WHERE p."is_active" AND p."deleted_at" IS NULL
GROUP BY 1, 2, 3, 4
UNION ALL
SELECT x."brand_id", 0, x."date", x."category_id", count(*), count(*) FILTER (WHERE x."available" > 0)
FROM (
  SELECT p."brand_id", s."date", coalesce(p."category_id", 0) AS "category_id", s."product_id", sum(s."available") AS "available"
  FROM "stock_daily_snapshots" s JOIN "products" p ON p."id" = s."product_id"
  WHERE p."is_active" AND p."deleted_at" IS NULL
  GROUP BY 1, 2, 3, 4
) x
GROUP BY 1, 2, 3, 4;
