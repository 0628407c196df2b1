import { asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gateSettingPermissions, gateSettings, permissions, users } from '../../db/schema';
import { forbidden } from '../../http/errors';
import type { AuthUser } from '../../http/context';

/** The role whose gate setting a user's permissions come from: the one assigned, else the role of the user's kind. */
export const effectiveRoleId = sql<number>`coalesce(${users.assignedRoleId}, ${users.roleId})`;

/** The sorted permission names of the role in the `roleId` column, as one array-valued subquery. */
export function permissionsOfRole(roleId: AnyColumn | SQL): SQL<string[]> {
  return sql<string[]>`array(select ${permissions.name} from ${gateSettings}
    join ${gateSettingPermissions} on ${gateSettingPermissions.gateSettingId} = ${gateSettings.id}
    join ${permissions} on ${permissions.id} = ${gateSettingPermissions.permissionId}
    where ${gateSettings.roleId} = ${roleId} order by 1)`;
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
