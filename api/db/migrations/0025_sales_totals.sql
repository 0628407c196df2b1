CREATE TABLE "daily_sales_totals" (
	"brand_id" integer NOT NULL,
	"date" date NOT NULL,
	"vendor_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"gmv" bigint DEFAULT 0 NOT NULL,
	"units_sold" integer DEFAULT 0 NOT NULL,
	"return_units" integer DEFAULT 0 NOT NULL,
	"return_amount" bigint DEFAULT 0 NOT NULL,
	"canceled_count" integer DEFAULT 0 NOT NULL,
	"ready_count" integer DEFAULT 0 NOT NULL,
	"ready_seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_sales_totals_brand_id_date_vendor_id_channel_id_pk" PRIMARY KEY("brand_id","date","vendor_id","channel_id")
);
--> statement-breakpoint
CREATE INDEX "daily_sales_totals_vendor_date_idx" ON "daily_sales_totals" USING btree ("vendor_id","brand_id","date");--> statement-breakpoint
INSERT INTO "daily_sales_totals" ("brand_id", "date", "vendor_id", "channel_id", "order_count", "gmv", "units_sold",
  "return_units", "return_amount", "canceled_count", "ready_count", "ready_seconds")
SELECT "brand_id", "date", "vendor_id", "channel_id", sum("order_count"), sum("gmv"), sum("units_sold"),
  sum("return_units"), sum("return_amount"), sum("canceled_count"), sum("ready_count"), sum("ready_seconds")
FROM "daily_sales_rollups"
GROUP BY 1, 2, 3, 4;
