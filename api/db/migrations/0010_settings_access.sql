CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "vendor_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "assigned_role_id" integer;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_methods_channel_name_unique" ON "shipping_methods" USING btree ("channel_id","name");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_assigned_role_id_roles_id_fk" FOREIGN KEY ("assigned_role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_brand_idx" ON "audit_logs" USING btree ("brand_id","id");--> statement-breakpoint
CREATE INDEX "audit_logs_vendor_idx" ON "audit_logs" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_scope_name_unique" ON "roles" USING btree (coalesce("brand_id", 0),coalesce("vendor_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "users_assigned_role_idx" ON "users" USING btree ("assigned_role_id");--> statement-breakpoint
-- Every channel already there gets the couriers of the mock screen, switched on; a fresh database gets them from its seed.
INSERT INTO "shipping_methods" ("channel_id", "name")
SELECT "channels"."id", "methods"."name"
FROM "channels" CROSS JOIN (VALUES ('JNE'), ('TIKI'), ('SiCepat')) AS "methods"("name")
ON CONFLICT DO NOTHING;
