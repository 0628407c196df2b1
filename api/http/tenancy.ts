import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { brands, vendorBrands, vendors } from '../db/schema';
import { ROLE } from '../domains/access/roles';
import type { AuthUser } from './context';
import { MAX_ID } from './params';
import { notFound } from './errors';

/** The brand ids a user may act on; `'all'` for administrators. */
export function brandIdsOf(user: AuthUser) {
  return user.brandIds;
}

function prepareBrandLookup(db: Database) {
  return db
    .select()
    .from(brands)
    .where(and(eq(brands.id, sql.placeholder('id')), isNull(brands.deletedAt)))
    .limit(1)
    .prepare('tenancy_brand_by_id');
}

/** Resolves `/api/brand/{brand}` for the caller; a brand outside the caller's tenancy is a 404, as if it did not exist. */
export async function resolveBrand(db: Database, user: AuthUser, brandId: number) {
  const allowed = brandIdsOf(user);
  if (allowed !== 'all' && !allowed.includes(brandId)) throw notFound();
  const [brand] = await preparedQuery(db, prepareBrandLookup).execute({ id: brandId });
  if (!brand) throw notFound();
  return brand;
}

/** Resolves `/api/vendor/{vendor}`: a vendor user only their own; brand-side users the vendors serving their brands. */
export async function resolveVendor(executor: Executor, user: AuthUser, vendorId: number) {
  if (user.roleId === ROLE.vendor && user.vendorId !== vendorId) throw notFound();
  if (user.roleId !== ROLE.vendor && user.roleId !== ROLE.administrator) {
    const allowed = brandIdsOf(user);
    const served = await executor
      .select({ brandId: vendorBrands.brandId })
      .from(vendorBrands)
      .where(eq(vendorBrands.vendorId, vendorId));
    if (allowed !== 'all' && !served.some((row) => allowed.includes(row.brandId))) throw notFound();
  }
  const [vendor] = await executor
    .select()
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), isNull(vendors.deletedAt)))
    .limit(1);
  if (!vendor) throw notFound();
  return vendor;
}

export function parseId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw notFound();
  return id;
}
