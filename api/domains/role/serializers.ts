import type { roles } from '../../db/schema';

type RoleRow = typeof roles.$inferSelect;

export function serializeRole(row: RoleRow) {
  return {
    id: row.id,
    name: row.name,
    brand_id: row.brandId,
    vendor_id: row.vendorId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type PermissionItem = { id: number; name: string };

export function serializeGateSetting(row: {
  id: number;
  updatedAt: Date;
  role: RoleRow;
  totalPermission: number;
  permissions?: PermissionItem[];
}) {
  return {
    id: row.id,
    role_id: row.role.id,
    role_name: row.role.name,
    role: serializeRole(row.role),
    total_permission: row.totalPermission,
    ...(row.permissions ? { permissions: row.permissions } : {}),
    updated_at: row.updatedAt.toISOString(),
  };
}
