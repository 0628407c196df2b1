import type { roles, users } from '../../db/schema';
import { effectivePermissions } from '../../access/permissions';
import { ROLE_NAMES } from '../../access/roles';

export type UserRow = {
  user: typeof users.$inferSelect;
  role: typeof roles.$inferSelect | null;
  brandName: string | null;
  vendorName: string | null;
  brandIds: number[];
  permissions: string[];
};

/**
 * A user as the settings screens read it: `role_name` is the kind of account (Administrator, Key Account,
 * Brand, Vendor), `role_id`, `role` and `roles` the role whose permissions the account holds.
 */
export function serializeUser(row: UserRow, withPermissions = false) {
  const { user, role } = row;
  const roleItem = role ? { id: role.id, name: role.name } : null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    mobile_phone: user.mobilePhone,
    role_id: role?.id ?? user.roleId,
    role_name: ROLE_NAMES[user.roleId] ?? null,
    kind_id: user.roleId,
    role: roleItem,
    roles: roleItem ? [roleItem] : [],
    brand_id: user.brandId,
    brand_name: row.brandName,
    vendor_id: user.vendorId,
    vendor_name: row.vendorName,
    brand_ids: row.brandIds,
    is_special_account: user.isSpecialAccount,
    is_active: user.isActive,
    ...(withPermissions ? { permissions: effectivePermissions(user, row.permissions) } : {}),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
