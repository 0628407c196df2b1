DROP INDEX "invoices_brand_created_idx";--> statement-breakpoint
DROP INDEX "orders_brand_created_idx";--> statement-breakpoint
DROP INDEX "orders_vendor_created_idx";--> statement-breakpoint
CREATE INDEX "invoices_brand_created_idx" ON "invoices" USING btree ("brand_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_brand_created_idx" ON "orders" USING btree ("brand_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_vendor_created_idx" ON "orders" USING btree ("vendor_id","created_at","id");