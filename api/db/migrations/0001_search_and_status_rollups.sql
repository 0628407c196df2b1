CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "daily_order_status_rollups" (
	"date" date NOT NULL,
	"brand_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"status_code" text NOT NULL,
	"paid" boolean NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_order_status_rollups_date_brand_id_vendor_id_channel_id_status_code_paid_pk" PRIMARY KEY("date","brand_id","vendor_id","channel_id","status_code","paid")
);
--> statement-breakpoint
CREATE INDEX "daily_order_status_rollups_brand_status_date_idx" ON "daily_order_status_rollups" USING btree ("brand_id","status_code","date");--> statement-breakpoint
CREATE INDEX "invoices_external_number_trgm_idx" ON "invoices" USING gin ("external_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_customer_name_trgm_idx" ON "invoices" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("number" gin_trgm_ops);