import type { Context } from 'hono';
import type { AuthUser } from '../../access/auth-user';
import type { ApiEnv } from '../../http/context';
import { brandOfPath, vendorOfPath } from '../../http/tenancy';
import { mayPerform } from '../../access/policy';
import type { OrderScope, OrderView } from './filters';

type ApiContext = Context<ApiEnv>;

/**
 * The brand side's view of orders: only administrators see how an order was shipped (docs/decisions/022), on either
 * side; changing a vendor and recording a return are the `order.change-vendor` and `order.return` operations.
 */
export function brandView(user: AuthUser): OrderView {
  return {
    side: 'brand',
    seesShipping: mayPerform(user, 'order.shipping-details'),
    changesOrders: mayPerform(user, 'order.change-vendor'),
  };
}

/** `/api/brand/{brand}`: the brand, checked against the caller, and the scope of its orders. */
export async function brandScope(c: ApiContext) {
  const brand = await brandOfPath(c);
  const scope: OrderScope = { ...brandView(c.var.user), brandIds: [brand.id] };
  return { brand, scope };
}

/**
 * `/api/vendor/{vendor}`: the vendor, checked against the caller, and the brands visible through it: all it
 * serves to its own users and administrators, only the caller's own among them to brand-side users.
 */
export async function vendorScope(c: ApiContext) {
  const { vendor, brandIds } = await vendorOfPath(c);
  const scope: OrderScope & { vendorId: number } = {
    side: 'vendor',
    seesShipping: mayPerform(c.var.user, 'order.shipping-details'),
    changesOrders: false,
    brandIds,
    vendorId: vendor.id,
  };
  return { vendor, scope };
}
