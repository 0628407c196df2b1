import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { gateSettingPermissions, gateSettings, permissions } from '../../db/schema';
import { forbidden } from '../../http/errors';
import type { AuthUser } from '../../http/context';

/** The sorted permission names of the role in the `roleId` column, as one array-valued subquery. */
export function permissionsOfRole(roleId: AnyColumn): SQL<string[]> {
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
