DROP INDEX "products_sku_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_sku_lower_trgm_idx" ON "products" USING gin (lower("sku") gin_trgm_ops);