CREATE TABLE "send_payment_totals" (
	"send_payment_id" integer PRIMARY KEY NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "send_payment_totals" ("send_payment_id", "order_count", "total")
SELECT spo."send_payment_id", count(*), coalesce(sum(o."grand_total" - o."grand_total_return"), 0)
FROM "send_payment_orders" spo JOIN "orders" o ON o."id" = spo."order_id"
GROUP BY spo."send_payment_id";
