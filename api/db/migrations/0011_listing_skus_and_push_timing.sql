ALTER TABLE "channel_request_logs" ADD COLUMN "status_code" integer;--> statement-breakpoint
UPDATE "channel_request_logs" SET "status_code" = CASE WHEN "status" = 'success' THEN 200 ELSE 400 END;--> statement-breakpoint
ALTER TABLE "channel_request_logs" ALTER COLUMN "status_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_request_logs" ADD COLUMN "duration_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD COLUMN "skus" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "marketplace_listings" SET "skus" = ARRAY["sku"] WHERE "sku" IS NOT NULL AND "sku" <> '';--> statement-breakpoint
CREATE INDEX "marketplace_listings_skus_idx" ON "marketplace_listings" USING gin ("skus");