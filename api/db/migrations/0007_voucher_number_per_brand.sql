DROP INDEX "send_payments_number_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "send_payments_brand_number_unique" ON "send_payments" USING btree ("brand_id","number");