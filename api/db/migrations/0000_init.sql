CREATE TABLE "brand_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"shop_id" text,
	"channel_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"postal_code" text,
	"telephone" text,
	"fax" text,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "vendor_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"province" text,
	"city" text NOT NULL,
	"sub_district" text,
	"postal_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_brands" (
	"vendor_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "vendor_brands_vendor_id_brand_id_pk" PRIMARY KEY("vendor_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"postal_code" text,
	"telephone" text,
	"fax" text,
	"lat" double precision,
	"lng" double precision,
	"is_priority" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gate_setting_permissions" (
	"gate_setting_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "gate_setting_permissions_gate_setting_id_permission_id_pk" PRIMARY KEY("gate_setting_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "gate_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"encoded_name" text NOT NULL,
	"size" integer NOT NULL,
	"extension" text NOT NULL,
	"mime_type" text NOT NULL,
	"path" text NOT NULL,
	"disk" text DEFAULT 'public' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"access_token_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"brand_id" integer,
	"vendor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_brands" (
	"user_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "user_brands_user_id_brand_id_pk" PRIMARY KEY("user_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_phone" text,
	"password_hash" text NOT NULL,
	"role_id" integer NOT NULL,
	"brand_id" integer,
	"vendor_id" integer,
	"current_brand_id" integer,
	"photo_id" integer,
	"is_special_account" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"product_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_photos_product_id_media_id_pk" PRIMARY KEY("product_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"category_id" integer,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"vendor_price" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"normalized_phone" text,
	"gender" text,
	"city" text,
	"buyer_key" text GENERATED ALWAYS AS (coalesce(normalized_phone, lower(email))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_offer_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"invoice_product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"responded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"sku" text,
	"quantity" integer NOT NULL,
	"price" bigint NOT NULL,
	"total_price" bigint NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"customer_id" integer,
	"external_number" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"customer_name" text,
	"customer_phone" text,
	"customer_email" text,
	"recipient_name" text,
	"recipient_mobile_phone" text,
	"recipient_address_full" text,
	"recipient_sub_district" text,
	"recipient_city" text,
	"recipient_province" text,
	"recipient_postal_code" text,
	"payment_method" text,
	"payment_date" timestamp with time zone,
	"delivery_type" text,
	"shipping_cost" bigint DEFAULT 0 NOT NULL,
	"insurance_cost" bigint DEFAULT 0 NOT NULL,
	"voucher_amount" bigint DEFAULT 0 NOT NULL,
	"cashback_amount" bigint DEFAULT 0 NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"total_product" integer DEFAULT 0 NOT NULL,
	"grand_total" bigint DEFAULT 0 NOT NULL,
	"status_code" text DEFAULT 'new' NOT NULL,
	"canceled_at" timestamp with time zone,
	"preorder_deadline" timestamp with time zone,
	"preorder_process_day" integer,
	"preorder_process_start" timestamp with time zone,
	"vouchers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"raw_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"message" text NOT NULL,
	"status_code" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"invoice_product_id" integer,
	"product_id" integer,
	"quantity" integer NOT NULL,
	"quantity_return" integer DEFAULT 0 NOT NULL,
	"price" bigint NOT NULL,
	"total_price" bigint NOT NULL,
	"total_price_return" bigint DEFAULT 0 NOT NULL,
	"total_weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"brand_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"status_code" text DEFAULT 'new' NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"grand_total" bigint DEFAULT 0 NOT NULL,
	"grand_total_return" bigint DEFAULT 0 NOT NULL,
	"total_weight" integer DEFAULT 0 NOT NULL,
	"delivery_type" text,
	"receiver_name" text,
	"shipping_number" text,
	"ref_order_id" integer,
	"ref_order_number" text,
	"ready_to_deliver_at" timestamp with time zone,
	"on_delivery_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"diverted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "replaced_order_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "send_payment_orders" (
	"send_payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	CONSTRAINT "send_payment_orders_send_payment_id_order_id_pk" PRIMARY KEY("send_payment_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "send_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"brand_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"bank_id" integer,
	"date" date NOT NULL,
	"due_date" date,
	"account_number" text,
	"account_holder_name" text,
	"payment_method_description" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_daily_snapshots" (
	"date" date NOT NULL,
	"vendor_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"available" integer NOT NULL,
	CONSTRAINT "stock_daily_snapshots_date_vendor_id_product_id_pk" PRIMARY KEY("date","vendor_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"note" text,
	"order_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "update_stock_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "update_stock_history_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"history_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_stocks" (
	"vendor_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_stocks_vendor_id_product_id_pk" PRIMARY KEY("vendor_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "channel_request_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"listing_id" integer,
	"action" text NOT NULL,
	"request" jsonb NOT NULL,
	"response" jsonb,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sku" text,
	"price" bigint DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"status" text,
	"is_inactive" boolean DEFAULT false NOT NULL,
	"external_id" text,
	"parent_external_id" text,
	"category_id" text,
	"raw_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sku_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"sku" text,
	"photo_url" text,
	"external_id" text,
	"parent_external_id" text,
	"raw" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_customer_rollups" (
	"date" date NOT NULL,
	"brand_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	"grand_total" bigint DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_customer_rollups_date_brand_id_channel_id_customer_id_pk" PRIMARY KEY("date","brand_id","channel_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "daily_invoice_rollups" (
	"date" date NOT NULL,
	"brand_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"status_code" text NOT NULL,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	"grand_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_invoice_rollups_date_brand_id_channel_id_status_code_pk" PRIMARY KEY("date","brand_id","channel_id","status_code")
);
--> statement-breakpoint
CREATE TABLE "daily_product_rollups" (
	"date" date NOT NULL,
	"brand_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"gmv" bigint DEFAULT 0 NOT NULL,
	"units_sold" integer DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_product_rollups_date_brand_id_vendor_id_channel_id_product_id_pk" PRIMARY KEY("date","brand_id","vendor_id","channel_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "daily_sales_rollups" (
	"date" date NOT NULL,
	"brand_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"gmv" bigint DEFAULT 0 NOT NULL,
	"units_sold" integer DEFAULT 0 NOT NULL,
	"return_units" integer DEFAULT 0 NOT NULL,
	"return_amount" bigint DEFAULT 0 NOT NULL,
	"canceled_count" integer DEFAULT 0 NOT NULL,
	"ready_count" integer DEFAULT 0 NOT NULL,
	"ready_seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_sales_rollups_date_brand_id_vendor_id_channel_id_category_id_pk" PRIMARY KEY("date","brand_id","vendor_id","channel_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "brand_channels" ADD CONSTRAINT "brand_channels_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_channels" ADD CONSTRAINT "brand_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_areas" ADD CONSTRAINT "vendor_areas_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_brands" ADD CONSTRAINT "vendor_brands_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_brands" ADD CONSTRAINT "vendor_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_setting_permissions" ADD CONSTRAINT "gate_setting_permissions_gate_setting_id_gate_settings_id_fk" FOREIGN KEY ("gate_setting_id") REFERENCES "public"."gate_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_setting_permissions" ADD CONSTRAINT "gate_setting_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_settings" ADD CONSTRAINT "gate_settings_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_access_token_id_access_tokens_id_fk" FOREIGN KEY ("access_token_id") REFERENCES "public"."access_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_brands" ADD CONSTRAINT "user_brands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_brands" ADD CONSTRAINT "user_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_brand_id_brands_id_fk" FOREIGN KEY ("current_brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_photo_id_media_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_offer_products" ADD CONSTRAINT "invoice_offer_products_offer_id_invoice_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."invoice_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_offer_products" ADD CONSTRAINT "invoice_offer_products_invoice_product_id_invoice_products_id_fk" FOREIGN KEY ("invoice_product_id") REFERENCES "public"."invoice_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_offers" ADD CONSTRAINT "invoice_offers_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_offers" ADD CONSTRAINT "invoice_offers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_offers" ADD CONSTRAINT "invoice_offers_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_products" ADD CONSTRAINT "invoice_products_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_products" ADD CONSTRAINT "invoice_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_activities" ADD CONSTRAINT "order_activities_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_activities" ADD CONSTRAINT "order_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_photos" ADD CONSTRAINT "order_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_photos" ADD CONSTRAINT "order_photos_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_invoice_product_id_invoice_products_id_fk" FOREIGN KEY ("invoice_product_id") REFERENCES "public"."invoice_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ref_order_id_orders_id_fk" FOREIGN KEY ("ref_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replaced_order_products" ADD CONSTRAINT "replaced_order_products_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replaced_order_products" ADD CONSTRAINT "replaced_order_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_payment_orders" ADD CONSTRAINT "send_payment_orders_send_payment_id_send_payments_id_fk" FOREIGN KEY ("send_payment_id") REFERENCES "public"."send_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_payment_orders" ADD CONSTRAINT "send_payment_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_payments" ADD CONSTRAINT "send_payments_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_payments" ADD CONSTRAINT "send_payments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_payments" ADD CONSTRAINT "send_payments_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_payments" ADD CONSTRAINT "send_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_payments" ADD CONSTRAINT "send_payments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_stock_histories" ADD CONSTRAINT "update_stock_histories_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_stock_histories" ADD CONSTRAINT "update_stock_histories_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_stock_histories" ADD CONSTRAINT "update_stock_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_stock_history_items" ADD CONSTRAINT "update_stock_history_items_history_id_update_stock_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."update_stock_histories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_stock_history_items" ADD CONSTRAINT "update_stock_history_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_stocks" ADD CONSTRAINT "vendor_stocks_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_stocks" ADD CONSTRAINT "vendor_stocks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_request_logs" ADD CONSTRAINT "channel_request_logs_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_request_logs" ADD CONSTRAINT "channel_request_logs_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_request_logs" ADD CONSTRAINT "channel_request_logs_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_channels" ADD CONSTRAINT "sku_channels_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_channels" ADD CONSTRAINT "sku_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_channels" ADD CONSTRAINT "sku_channels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_channels_brand_channel_unique" ON "brand_channels" USING btree ("brand_id","channel_id");--> statement-breakpoint
CREATE INDEX "categories_brand_idx" ON "categories" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "vendor_areas_vendor_idx" ON "vendor_areas" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "vendor_areas_city_idx" ON "vendor_areas" USING btree ("city");--> statement-breakpoint
CREATE INDEX "vendor_brands_brand_idx" ON "vendor_brands" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_hash_unique" ON "access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_idx" ON "audit_logs" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_idx" ON "audit_logs" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "event_outbox_unpublished_idx" ON "event_outbox" USING btree ("id") WHERE published_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "gate_settings_role_unique" ON "gate_settings" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "password_resets_email_idx" ON "password_resets" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_unique" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_brand_idx" ON "users" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "users_vendor_idx" ON "users" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_brand_sku_unique" ON "products" USING btree ("brand_id","sku");--> statement-breakpoint
CREATE INDEX "products_brand_category_idx" ON "products" USING btree ("brand_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_brand_buyer_key_unique" ON "customers" USING btree ("brand_id","buyer_key");--> statement-breakpoint
CREATE INDEX "customers_brand_name_idx" ON "customers" USING btree ("brand_id","name");--> statement-breakpoint
CREATE INDEX "invoice_offer_products_offer_idx" ON "invoice_offer_products" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "invoice_offers_invoice_idx" ON "invoice_offers" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_offers_vendor_status_created_idx" ON "invoice_offers" USING btree ("vendor_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_offers_one_pending_per_invoice" ON "invoice_offers" USING btree ("invoice_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "invoice_offers_pending_expiry_idx" ON "invoice_offers" USING btree ("expires_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "invoice_products_invoice_idx" ON "invoice_products" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_products_product_idx" ON "invoice_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_channel_external_number_unique" ON "invoices" USING btree ("channel_id","external_number");--> statement-breakpoint
CREATE INDEX "invoices_brand_created_idx" ON "invoices" USING btree ("brand_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_brand_status_created_idx" ON "invoices" USING btree ("brand_id","status_code","created_at");--> statement-breakpoint
CREATE INDEX "invoices_brand_date_idx" ON "invoices" USING btree ("brand_id","date");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "order_activities_order_created_idx" ON "order_activities" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_photos_order_idx" ON "order_photos" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_products_order_idx" ON "order_products" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_products_product_idx" ON "order_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_live_per_invoice" ON "orders" USING btree ("invoice_id") WHERE status_code not in ('canceled', 'diverted');--> statement-breakpoint
CREATE INDEX "orders_brand_created_idx" ON "orders" USING btree ("brand_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_brand_status_created_idx" ON "orders" USING btree ("brand_id","status_code","created_at");--> statement-breakpoint
CREATE INDEX "orders_vendor_created_idx" ON "orders" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_invoice_idx" ON "orders" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "replaced_order_products_order_product_idx" ON "replaced_order_products" USING btree ("order_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "send_payment_orders_order_unique" ON "send_payment_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "send_payments_number_unique" ON "send_payments" USING btree ("number");--> statement-breakpoint
CREATE INDEX "send_payments_brand_created_idx" ON "send_payments" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "send_payments_vendor_idx" ON "send_payments" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "stock_daily_snapshots_vendor_date_idx" ON "stock_daily_snapshots" USING btree ("vendor_id","date");--> statement-breakpoint
CREATE INDEX "stock_movements_vendor_product_created_idx" ON "stock_movements" USING btree ("vendor_id","product_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "update_stock_histories_brand_created_idx" ON "update_stock_histories" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "update_stock_history_items_history_idx" ON "update_stock_history_items" USING btree ("history_id");--> statement-breakpoint
CREATE INDEX "vendor_stocks_product_idx" ON "vendor_stocks" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "channel_request_logs_brand_created_idx" ON "channel_request_logs" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "channel_request_logs_listing_idx" ON "channel_request_logs" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "marketplace_listings_brand_channel_created_idx" ON "marketplace_listings" USING btree ("brand_id","channel_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_listings_brand_channel_sku_idx" ON "marketplace_listings" USING btree ("brand_id","channel_id","sku");--> statement-breakpoint
CREATE INDEX "marketplace_listings_external_idx" ON "marketplace_listings" USING btree ("channel_id","external_id");--> statement-breakpoint
CREATE INDEX "sku_channels_product_idx" ON "sku_channels" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "sku_channels_brand_channel_sku_idx" ON "sku_channels" USING btree ("brand_id","channel_id","sku");--> statement-breakpoint
CREATE INDEX "daily_customer_rollups_brand_customer_date_idx" ON "daily_customer_rollups" USING btree ("brand_id","customer_id","date");--> statement-breakpoint
CREATE INDEX "daily_product_rollups_brand_date_idx" ON "daily_product_rollups" USING btree ("brand_id","date");--> statement-breakpoint
CREATE INDEX "daily_sales_rollups_brand_date_idx" ON "daily_sales_rollups" USING btree ("brand_id","date");--> statement-breakpoint
CREATE INDEX "daily_sales_rollups_vendor_date_idx" ON "daily_sales_rollups" USING btree ("vendor_id","date");