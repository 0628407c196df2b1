import type { Context } from 'hono';
import { isPublic, mayPerform, reaches, reachesAll, type NamedTenant, type Policy } from '../access/policy';
import { ROLE } from '../access/roles';
import type { ApiEnv } from './context';
import { forbidden, notFound, validationFailed } from '../api-error';
import { brandOfPath, brandsServedBy, vendorOfPath } from './tenancy';

function writes(c: Context<ApiEnv>) {
  return c.req.method !== 'GET' && c.req.method !== 'HEAD';
}

function ownsVendor(c: Context<ApiEnv>, vendorId: number) {
  const user = c.var.user;
  return user.roleId === ROLE.vendor && user.vendorId === vendorId;
}

/**
 * A vendor serving several brands is changed by its own users, or by someone whose reach covers every brand it
 * serves: a brand-side caller who can see it through one brand only may read it, not change it (403).
 */
async function requireVendorWriter(c: Context<ApiEnv>, vendorId: number) {
  if (ownsVendor(c, vendorId)) return;
  if (c.var.user.roleId === ROLE.vendor) throw forbidden();
  const served = await brandsServedBy(c.var.deps.db, vendorId);
  if (!reachesAll(c.var.user, served)) throw forbidden();
}

/**
 * The one place an operation's policy is enforced, before its input is read: the kind of account and the
 * permission (403), then the tenant of the path (404 outside the caller's reach, 403 for a shared record the
 * caller's reach does not cover).
 */
export async function enforcePolicy(c: Context<ApiEnv>, policy: Policy) {
  if (isPublic(policy)) return;
  const user = c.var.user;
  if (!mayPerform(user, policy.operation)) throw forbidden();
  switch (policy.tenancy) {
    case 'brand':
      await brandOfPath(c);
      return;
    case 'vendor': {
      const { vendor } = await vendorOfPath(c);
      if (writes(c)) await requireVendorWriter(c, vendor.id);
      return;
    }
    case 'shared':
      if (writes(c) && user.reach !== 'all') throw forbidden();
      return;
    default:
      return;
  }
}

async function namedTenantReached(c: Context<ApiEnv>, kind: NamedTenant, value: unknown) {
  const user = c.var.user;
  switch (kind) {
    case 'brand':
      return typeof value === 'number' && reaches(user, value);
    case 'brands':
      return Array.isArray(value) && value.every((id) => typeof id === 'number' && reaches(user, id));
    case 'vendor':
    case 'vendor-wholly': {
      if (typeof value !== 'number') return false;
      if (ownsVendor(c, value) || user.reach === 'all') return true;
      if (user.roleId === ROLE.vendor) return false;
      const served = await brandsServedBy(c.var.deps.db, value);
      if (kind === 'vendor') return served.some((id) => reaches(user, id));
      return served.length > 0 && reachesAll(user, served);
    }
  }
}

/**
 * Tenants the request names in its input, once the input is valid: a query naming one outside the reach reads
 * as a record that does not exist (404); a body naming one is an invalid id (422 on the field), as a missing one
 * is.
 */
export async function enforceNamedTenants(
  c: Context<ApiEnv>,
  policy: Policy,
  input: { query?: Record<string, unknown>; body?: Record<string, unknown> },
) {
  if (isPublic(policy)) return;
  for (const [field, kind] of Object.entries(policy.query ?? {})) {
    const value = input.query?.[field];
    if (value === undefined || value === null) continue;
    if (!(await namedTenantReached(c, kind, value))) throw notFound();
  }
  for (const [field, kind] of Object.entries(policy.body ?? {})) {
    const value = input.body?.[field];
    if (value === undefined || value === null) continue;
    if (!(await namedTenantReached(c, kind, value))) {
      throw validationFailed({ [field]: [`The selected ${field.replace(/_/g, ' ')} is invalid.`] });
    }
  }
}
