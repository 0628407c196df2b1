import { allows, OPERATIONS, type OperationName } from '../../contract/access';
import type { AuthUser } from './auth-user';

/**
 * How an operation finds the tenant it acts in (docs/decisions/022):
 * - `none`: no tenant's records (the account's own things, reference data such as the permission list);
 * - `brand`: `/api/brand/{brand}`, a brand of the caller's reach, else 404;
 * - `vendor`: `/api/vendor/{vendor}`: reads by the vendor's own users or brand-side staff of a brand it serves;
 *   writes by its own users, or by staff whose reach covers every brand it serves (403 when only some);
 * - `reach`: a global path whose records the handler narrows to the caller's reach;
 * - `shared`: records every brand depends on (global roles, the platform's couriers): anyone the operation
 *   allows reads them, only a caller whose reach is every brand changes them.
 */
export type Tenancy = 'none' | 'brand' | 'vendor' | 'reach' | 'shared';

/**
 * A tenant a request names in its body or query, checked once the input is valid: `brand` in the caller's reach;
 * `brands` every one of them; `vendor` serving a brand of the reach (or the caller's own vendor); `vendor-wholly`
 * serving brands all of the reach (a vendor's accounts and record belong to every brand it serves).
 */
export type NamedTenant = 'brand' | 'brands' | 'vendor' | 'vendor-wholly';

export type Policy =
  | { public: true }
  | {
      operation: OperationName;
      tenancy: Tenancy;
      /** Body fields naming a tenant: one outside the reach is a 422 on the field, as any invalid id. */
      body?: Record<string, NamedTenant>;
      /** Query parameters naming a tenant: one outside the reach reads as a record that does not exist (404). */
      query?: Record<string, NamedTenant>;
    };

export function isPublic(policy: Policy): policy is { public: true } {
  return 'public' in policy;
}

/** The account as the shared rules see it. */
export function actorOf(user: AuthUser) {
  return { kind: user.roleId, permissions: user.permissions, special: user.isSpecialAccount };
}

/** Whether `user` may perform `operation` at all: its kind and permissions (administrators pass every permission). */
export function mayPerform(user: AuthUser, operation: OperationName) {
  return allows(actorOf(user), OPERATIONS[operation]);
}

/** Whether `brandId` lies within `user`'s reach. */
export function reaches(user: AuthUser, brandId: number) {
  return user.reach === 'all' || user.reach.includes(brandId);
}

/** Whether `user`'s reach covers every one of `brandIds` (a shared record's dependants). */
export function reachesAll(user: AuthUser, brandIds: readonly number[]) {
  return user.reach === 'all' || brandIds.every((id) => reaches(user, id));
}
