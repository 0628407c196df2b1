CREATE INDEX "orders_brand_status_number_idx" ON "orders" USING btree ("brand_id","status_code","number");--> statement-breakpoint
CREATE INDEX "orders_vendor_status_number_idx" ON "orders" USING btree ("vendor_id","status_code","number");--> statement-breakpoint
CREATE INDEX "orders_number_prefix_idx" ON "orders" USING btree ("number" text_pattern_ops);