import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { brandOfPath, vendorOfPath } from '../../http/tenancy';

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
