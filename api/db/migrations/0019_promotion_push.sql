ALTER TABLE "channel_request_logs" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE INDEX "channel_request_logs_promotion_idx" ON "channel_request_logs" USING btree ("promotion_id");