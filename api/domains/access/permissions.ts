import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gateSettingPermissions, gateSettings, permissions } from '../../db/schema';
import { forbidden } from '../../http/errors';
import type { AuthUser } from '../../http/context';

export async function permissionsOfRole(executor: Executor, roleId: number): Promise<string[]> {
  const rows = await executor
    .select({ name: permissions.name })
    .from(gateSettings)
    .innerJoin(gateSettingPermissions, eq(gateSettingPermissions.gateSettingId, gateSettings.id))
    .innerJoin(permissions, eq(permissions.id, gateSettingPermissions.permissionId))
    .where(eq(gateSettings.roleId, roleId));
  return rows.map((row) => row.name).sort();
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
