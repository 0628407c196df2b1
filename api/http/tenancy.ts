import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { brands, vendorBrands, vendors } from '../db/schema';
import { ROLE } from '../access/roles';
import type { SettingsScope } from '../access/settings-scope';
import type { Context } from 'hono';
import type { AuthUser } from '../access/auth-user';
import type { ApiEnv } from './context';
import { MAX_ID } from './params';
import { forbidden, notFound } from '../api-error';

function prepareBrandLookup(db: Database) {
  return db
    .select()
    .from(brands)
    .where(and(eq(brands.id, sql.placeholder('id')), isNull(brands.deletedAt)))
    .limit(1)
    .prepare('tenancy_brand_by_id');
}

function prepareServedBrands(db: Database) {
  return db
    .select({ brandId: vendorBrands.brandId })
    .from(vendorBrands)
    .where(eq(vendorBrands.vendorId, sql.placeholder('vendorId')))
    .orderBy(asc(vendorBrands.brandId))
    .prepare('tenancy_vendor_brands');
}

function prepareVendorLookup(db: Database) {
  return db
    .select()
    .from(vendors)
    .where(and(eq(vendors.id, sql.placeholder('id')), isNull(vendors.deletedAt)))
    .limit(1)
    .prepare('tenancy_vendor_by_id');
}

/** Resolves `/api/brand/{brand}` for the caller; a brand outside the caller's tenancy is a 404, as if it did not exist. */
export async function resolveBrand(db: Database, user: AuthUser, brandId: number) {
  const allowed = user.brandIds;
  if (allowed !== 'all' && !allowed.includes(brandId)) throw notFound();
  const [brand] = await preparedQuery(db, prepareBrandLookup).execute({ id: brandId });
  if (!brand) throw notFound();
  return brand;
}

/**
 * Resolves `/api/vendor/{vendor}`: a vendor user only their own; brand-side users the vendors serving their
 * brands. With the vendor come the brands visible through it: all it serves to its own users and administrators,
 * only the caller's own among them to brand-side users (a brand A user looking at a vendor that also serves
 * brand B must not see brand B's data).
 */
export async function resolveVendor(db: Database, user: AuthUser, vendorId: number) {
  if (user.roleId === ROLE.vendor && user.vendorId !== vendorId) throw notFound();
  const served = await preparedQuery(db, prepareServedBrands).execute({ vendorId });
  const allowed = user.roleId === ROLE.vendor ? 'all' : user.brandIds;
  const brandIds = served.map((row) => row.brandId).filter((id) => allowed === 'all' || allowed.includes(id));
  const brandSide = user.roleId !== ROLE.vendor && user.roleId !== ROLE.administrator;
  if (brandSide && brandIds.length === 0) throw notFound();
  const [vendor] = await preparedQuery(db, prepareVendorLookup).execute({ id: vendorId });
  if (!vendor) throw notFound();
  return { vendor, brandIds };
}

export function parseId(raw: string | undefined): number {
  // Decimal digits only: Number() would also read `0x10`, `1e1`, ` 16` or `+16` as an id.
  if (!raw || !/^\d+$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id < 1 || id > MAX_ID) throw notFound();
  return id;
}

/** `/api/brand/{brand}` of the request, checked against its user (once: the policy resolved it before the handler). */
export async function brandOfPath(c: Context<ApiEnv>) {
  const resolved = c.get('brand');
  if (resolved) return resolved;
  const brand = await resolveBrand(c.var.deps.db, c.var.user, parseId(c.req.param('brand')));
  c.set('brand', brand);
  return brand;
}

/** `/api/vendor/{vendor}` of the request, checked against its user, with the brands visible through it. */
export async function vendorOfPath(c: Context<ApiEnv>) {
  const resolved = c.get('vendorTenant');
  if (resolved) return resolved;
  const tenant = await resolveVendor(c.var.deps.db, c.var.user, parseId(c.req.param('vendor')));
  c.set('vendorTenant', tenant);
  return tenant;
}

/** The scope of a settings call, from its side and the tenant its policy resolved. */
export async function settingsScopeOf(
  c: Context<ApiEnv>,
  side: SettingsScope['kind'],
): Promise<SettingsScope> {
  if (side === 'global') return { kind: 'global' };
  if (side === 'brand') return { kind: 'brand', brandId: (await brandOfPath(c)).id };
  const { vendor } = await vendorOfPath(c);
  return { kind: 'vendor', vendorId: vendor.id };
}

/** The brands `vendorId` serves, whoever asks. */
export async function brandsServedBy(db: Database, vendorId: number) {
  const served = await preparedQuery(db, prepareServedBrands).execute({ vendorId });
  return served.map((row) => row.brandId);
}

/** Fulfilment steps and offer answers belong to the vendor's own users (administrators may act for them). */
export function requireVendorActor(c: Context<ApiEnv>, vendorId: number) {
  const user = c.var.user;
  const own = user.roleId === ROLE.vendor && user.vendorId === vendorId;
  if (!own && user.roleId !== ROLE.administrator) throw forbidden();
}
