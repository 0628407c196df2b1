CREATE TABLE "order_status_totals" (
	"brand_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"status_code" text NOT NULL,
	"paid" boolean NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"gmv" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_totals_brand_id_vendor_id_channel_id_status_code_paid_pk" PRIMARY KEY("brand_id","vendor_id","channel_id","status_code","paid")
);
--> statement-breakpoint
ALTER TABLE "daily_order_status_rollups" ADD COLUMN "gmv" bigint DEFAULT 0 NOT NULL;