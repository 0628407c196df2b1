import type { Context } from 'hono';
import type { ApiEnv, AuthUser } from '../../http/context';
import { forbidden } from '../../http/errors';
import { brandOfPath, vendorOfPath } from '../../http/tenancy';
import { isPlatformStaff, ROLE } from '../access/roles';

/**
 * Whose stock a request sees: the brand side reads its brand's catalogue with every vendor serving it (or
 * the vendors it filters on); the vendor side its own stock of the products of the brands visible through it.
 */
export type StockScope =
  | { side: 'brand'; brandIds: number[]; vendorId: null }
  | { side: 'vendor'; brandIds: number[]; vendorId: number };

/** `/api/brand/{brand}`: the brand checked against the caller. */
export async function brandStockScope(c: Context<ApiEnv>) {
  const brand = await brandOfPath(c);
  const scope: StockScope = { side: 'brand', brandIds: [brand.id], vendorId: null };
  return { brand, scope };
}

/** `/api/vendor/{vendor}`: the vendor checked against the caller, with the brands visible through it. */
export async function vendorStockScope(c: Context<ApiEnv>) {
  const { vendor, brandIds } = await vendorOfPath(c);
  const scope: StockScope = { side: 'vendor', brandIds, vendorId: vendor.id };
  return { vendor, scope };
}

/** The catalogue, prices and the brand's stock form are kept by administrators and key accounts (spec 001 §6). */
export function requireCatalogueKeeper(user: AuthUser) {
  if (!isPlatformStaff(user.roleId)) throw forbidden();
}

/**
 * A vendor's stock is updated, imported and adjusted by the vendor's own users, and by administrators and key
 * accounts acting for it (the path's tenancy has already limited them to vendors of their brands); brand users
 * only read it.
 */
export function requireStockKeeper(user: AuthUser, vendorId: number) {
  const own = user.roleId === ROLE.vendor && user.vendorId === vendorId;
  if (!own && !isPlatformStaff(user.roleId)) throw forbidden();
}
