import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { roles } from '../db/schema';
import type { Policy } from './policy';
import { ROLE } from './roles';

/** Where a role, gate setting or user list lives: global (platform staff), one brand's, or one vendor's. */
export type SettingsScope =
  { kind: 'global' } | { kind: 'brand'; brandId: number } | { kind: 'vendor'; vendorId: number };

export type SettingsResource = 'user' | 'role' | 'gate-setting';
export type SettingsAction = 'index' | 'store' | 'update' | 'destroy';

const OPERATION_OF_ACTION = { index: 'list', store: 'create', update: 'update', destroy: 'delete' } as const;

/**
 * The policy of a settings call: the operation of its action (`role.create`…), and the tenant of its side. The
 * global roles and permission sets hold for every brand, so only a caller whose reach is every brand changes
 * them (docs/decisions/022).
 */
export function settingsPolicy(
  side: SettingsScope['kind'],
  resource: SettingsResource,
  action: SettingsAction,
) {
  return {
    operation: `${resource}.${OPERATION_OF_ACTION[action]}`,
    tenancy: side === 'global' ? 'shared' : side,
  } as const satisfies Policy;
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
