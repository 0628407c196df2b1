ALTER TABLE "promotions" ADD COLUMN "start_announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "end_announced_at" timestamp with time zone;