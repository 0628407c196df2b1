CREATE INDEX "products_brand_name_idx" ON "products" USING btree ("brand_id","name","id");--> statement-breakpoint
CREATE INDEX "stock_daily_snapshots_product_date_idx" ON "stock_daily_snapshots" USING btree ("product_id","date");--> statement-breakpoint
CREATE INDEX "stock_movements_product_created_idx" ON "stock_movements" USING btree ("product_id","created_at","id");