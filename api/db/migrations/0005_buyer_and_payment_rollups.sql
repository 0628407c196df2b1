CREATE TABLE "buyer_rollup_profiles" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"gender" text NOT NULL,
	"city" text
);
--> statement-breakpoint
CREATE TABLE "daily_buyer_city_rollups" (
	"brand_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"date" date NOT NULL,
	"gap" smallint NOT NULL,
	"has_city" boolean NOT NULL,
	"city" text NOT NULL,
	"buyers" integer DEFAULT 0 NOT NULL,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"grand_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_buyer_city_rollups_brand_id_vendor_id_channel_id_date_gap_has_city_city_pk" PRIMARY KEY("brand_id","vendor_id","channel_id","date","gap","has_city","city")
);
--> statement-breakpoint
CREATE TABLE "daily_buyer_gender_rollups" (
	"brand_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"date" date NOT NULL,
	"gap" smallint NOT NULL,
	"gender" text NOT NULL,
	"buyers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_buyer_gender_rollups_brand_id_vendor_id_channel_id_date_gap_gender_pk" PRIMARY KEY("brand_id","vendor_id","channel_id","date","gap","gender")
);
--> statement-breakpoint
CREATE TABLE "daily_buyer_rollups" (
	"brand_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"date" date NOT NULL,
	"gap" smallint NOT NULL,
	"age" smallint NOT NULL,
	"regular" boolean NOT NULL,
	"buyers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_buyer_rollups_brand_id_vendor_id_channel_id_date_gap_age_regular_pk" PRIMARY KEY("brand_id","vendor_id","channel_id","date","gap","age","regular")
);
--> statement-breakpoint
CREATE TABLE "daily_buyer_vendor_rollups" (
	"brand_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"date" date NOT NULL,
	"vendor_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	"grand_total" bigint DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_buyer_vendor_rollups_brand_id_customer_id_date_vendor_id_channel_id_pk" PRIMARY KEY("brand_id","customer_id","date","vendor_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "daily_payment_rollups" (
	"date" date NOT NULL,
	"brand_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"has_payment_method" boolean NOT NULL,
	"payment_method" text NOT NULL,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_payment_rollups_brand_id_date_channel_id_has_payment_method_payment_method_pk" PRIMARY KEY("brand_id","date","channel_id","has_payment_method","payment_method")
);
