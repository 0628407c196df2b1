-- The built-in Vendor role (id 2) did not hold what its accounts do every day: open the sales dashboard, move
-- their orders through the steps, and update their stock (docs/decisions/022). Names new to the database arrive
-- with the permission sync at start; these three existed, so they are granted here, once.
INSERT INTO "gate_setting_permissions" ("gate_setting_id", "permission_id")
SELECT "gate_settings"."id", "permissions"."id"
FROM "gate_settings" CROSS JOIN "permissions"
WHERE "gate_settings"."role_id" = 2 AND "permissions"."name" IN ('dashboard.index', 'order.update', 'stock.update')
ON CONFLICT DO NOTHING;
