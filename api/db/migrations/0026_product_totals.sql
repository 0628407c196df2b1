CREATE TABLE "daily_product_totals" (
	"brand_id" integer NOT NULL,
	"date" date NOT NULL,
	"product_id" integer NOT NULL,
	"gmv" bigint DEFAULT 0 NOT NULL,
	"units_sold" integer DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_product_totals_brand_id_date_product_id_pk" PRIMARY KEY("brand_id","date","product_id")
);
--> statement-breakpoint
INSERT INTO "daily_product_totals" ("brand_id", "date", "product_id", "gmv", "units_sold", "order_count")
SELECT "brand_id", "date", "product_id", sum("gmv"), sum("units_sold"), sum("order_count")
FROM "daily_product_rollups"
GROUP BY 1, 2, 3;
