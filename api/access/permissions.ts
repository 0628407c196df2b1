import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { gateSettingPermissions, gateSettings, permissions } from '../db/schema';
import { forbidden } from '../api-error';
import type { AuthUser } from './auth-user';

/**
 * The role whose gate setting a user's permissions come from: the one assigned, else the role of the user's
 * kind. Written with its table's name: Drizzle leaves names out in a query of one table, and inside the
 * subquery below a bare `role_id` would be the gate setting's.
 */
export const effectiveRoleId = sql<number>`coalesce("users"."assigned_role_id", "users"."role_id")`;

/**
 * The sorted permission names of the role `roleId` names, as one array-valued subquery. Its tables have
 * aliases of their own, so it reads the same in a query of one table as in a join.
 */
export function permissionsOfRole(roleId: SQL): SQL<string[]> {
  return sql<string[]>`array(select p.name from gate_settings g
    join gate_setting_permissions gp on gp.gate_setting_id = g.id
    join permissions p on p.id = gp.permission_id
    where g.role_id = ${roleId} order by 1)`;
}

/** Special accounts hold `any`, which stands for every permission. */
export function effectivePermissions(user: { isSpecialAccount: boolean }, rolePermissions: string[]) {
  return user.isSpecialAccount ? ['any'] : rolePermissions;
}

export function hasPermission(user: AuthUser, permission: string) {
  return user.permissions.includes('any') || user.permissions.includes(permission);
}

export function requirePermission(user: AuthUser, permission: string) {
  if (!hasPermission(user, permission)) throw forbidden();
}

/** The permission names a role's gate setting holds. */
export async function permissionNamesOfRole(executor: Executor, roleId: number) {
  const rows = await executor
    .select({ name: permissions.name })
    .from(gateSettingPermissions)
    .innerJoin(gateSettings, eq(gateSettings.id, gateSettingPermissions.gateSettingId))
    .innerJoin(permissions, eq(permissions.id, gateSettingPermissions.permissionId))
    .where(eq(gateSettings.roleId, roleId))
    .orderBy(asc(permissions.name));
  return rows.map((row) => row.name);
}
