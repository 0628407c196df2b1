DROP INDEX "stock_daily_snapshots_product_date_idx";--> statement-breakpoint
CREATE INDEX "daily_product_rollups_product_date_idx" ON "daily_product_rollups" USING btree ("product_id","date");--> statement-breakpoint
CREATE INDEX "stock_daily_snapshots_product_date_idx" ON "stock_daily_snapshots" USING btree ("product_id","date","vendor_id","available");