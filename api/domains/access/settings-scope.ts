import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { roles } from '../../db/schema';
import type { ApiEnv, AuthUser } from '../../http/context';
import { forbidden } from '../../http/errors';
import { brandOfPath, vendorOfPath } from '../../http/tenancy';
import { requirePermission } from './permissions';
import { isPlatformStaff, ROLE } from './roles';

/** Where a role, gate setting or user list lives: global (platform staff), one brand's, or one vendor's. */
export type SettingsScope =
  { kind: 'global' } | { kind: 'brand'; brandId: number } | { kind: 'vendor'; vendorId: number };

export type SettingsResource = 'user' | 'role' | 'gate-setting';
export type SettingsAction = 'index' | 'store' | 'update' | 'destroy';

/**
 * The permission a settings call takes (spec 001 §6): platform staff hold `role.index`, brand and vendor users
 * `vendor.role.index`, whichever path they call.
 */
export function settingsPermission(user: AuthUser, resource: SettingsResource, action: SettingsAction) {
  return isPlatformStaff(user.roleId) ? `${resource}.${action}` : `vendor.${resource}.${action}`;
}

/**
 * The scope of a settings call, checked against its caller: the global paths belong to platform staff,
 * `/api/brand/{brand}/…` to the brand's users and the staff of that brand, `/api/vendor/{vendor}/…` to the
 * vendor's users and administrators for writes (brand-side users may read a vendor serving their brand).
 */
export async function settingsScopeOf(
  c: Context<ApiEnv>,
  side: SettingsScope['kind'],
  resource: SettingsResource,
  action: SettingsAction,
): Promise<SettingsScope> {
  const user = c.var.user;
  requirePermission(user, settingsPermission(user, resource, action));
  if (side === 'global') {
    if (!isPlatformStaff(user.roleId)) throw forbidden();
    return { kind: 'global' };
  }
  if (side === 'brand') {
    const brand = await brandOfPath(c);
    return { kind: 'brand', brandId: brand.id };
  }
  const { vendor } = await vendorOfPath(c);
  const own = user.roleId === ROLE.vendor && user.vendorId === vendor.id;
  if (action !== 'index' && !own && user.roleId !== ROLE.administrator) throw forbidden();
  return { kind: 'vendor', vendorId: vendor.id };
}

/** The roles that live in `scope`. */
export function rolesOfScope(scope: SettingsScope): SQL | undefined {
  switch (scope.kind) {
    case 'global':
      return and(isNull(roles.brandId), isNull(roles.vendorId));
    case 'brand':
      return eq(roles.brandId, scope.brandId);
    case 'vendor':
      return eq(roles.vendorId, scope.vendorId);
  }
}

/** The brand and vendor columns of a role created in `scope`. */
export function scopeColumns(scope: SettingsScope) {
  return {
    brandId: scope.kind === 'brand' ? scope.brandId : null,
    vendorId: scope.kind === 'vendor' ? scope.vendorId : null,
  };
}

/** The roles of the four kinds of account (spec: 1 Administrator, 2 Vendor, 3 Brand, 4 Key Account). */
export function isBaseRole(roleId: number) {
  return Object.values(ROLE).includes(roleId as (typeof ROLE)[keyof typeof ROLE]);
}

/**
 * Permissions that only make sense for platform staff (`brand.update`, `user.store`…): a brand's or a vendor's
 * gate setting is never offered them. Three-segment names (`vendor.user.index`) are the brand and vendor side's.
 */
const PLATFORM_RESOURCES = new Set([
  'brand',
  'vendor',
  'user',
  'role',
  'gate-setting',
  'bank',
  'send-payment',
]);

export function belongsToScope(scope: SettingsScope, name: string) {
  if (scope.kind === 'global') return true;
  const segments = name.split('.');
  return !(segments.length === 2 && PLATFORM_RESOURCES.has(segments[0]));
}
