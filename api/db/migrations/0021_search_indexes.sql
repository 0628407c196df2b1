CREATE INDEX "vendors_name_lower_prefix_idx" ON "vendors" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_name_lower_prefix_idx" ON "products" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_sku_lower_prefix_idx" ON "products" USING btree (lower("sku") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_name_lower_prefix_idx" ON "customers" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_normalized_phone_idx" ON "customers" USING btree ("normalized_phone");--> statement-breakpoint
CREATE INDEX "customers_email_lower_idx" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "invoices_external_number_idx" ON "invoices" USING btree ("external_number");--> statement-breakpoint
CREATE INDEX "orders_shipping_number_idx" ON "orders" USING btree ("shipping_number");--> statement-breakpoint
CREATE INDEX "send_payments_number_lower_prefix_idx" ON "send_payments" USING btree (lower("number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "marketplace_listings_name_lower_prefix_idx" ON "marketplace_listings" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "marketplace_listings_sku_lower_prefix_idx" ON "marketplace_listings" USING btree (lower("sku") text_pattern_ops);