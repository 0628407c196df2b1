CREATE TABLE "low_stock_alerts" (
	"vendor_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"alerted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "low_stock_alerts_vendor_id_product_id_pk" PRIMARY KEY("vendor_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "low_stock_weeks" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "low_stock_alerts" ADD CONSTRAINT "low_stock_alerts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "low_stock_alerts" ADD CONSTRAINT "low_stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_vendor_created_idx" ON "stock_movements" USING btree ("vendor_id","created_at","id");