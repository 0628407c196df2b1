import type { Context, MiddlewareHandler } from 'hono';
import { requireAuth } from '../../http/auth';
import type { ApiEnv, AuthUser } from '../../http/context';
import { ApiError, forbidden } from '../../http/errors';
import { parseId, resolveBrand, resolveVendor } from '../../http/tenancy';
import { hasPermission } from '../access/permissions';
import { ROLE } from '../access/roles';
import { readNotification } from '../notification/service';
import type { OrderScope, OrderView } from './filters';

type ApiContext = Context<ApiEnv>;

/** requireAuth, once: these routes share their mount points with others that may have resolved the user already. */
export const authenticated: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.get('user')) return next();
  return requireAuth(c, next);
};

/**
 * The brand side's view of orders: only administrators see how an order was shipped (spec 001 §2); changing a
 * vendor and recording a return take `order.update`.
 */
export function brandView(user: AuthUser): OrderView {
  const administrator = user.roleId === ROLE.administrator;
  return {
    side: 'brand',
    seesShipping: administrator,
    changesOrders: administrator || hasPermission(user, 'order.update'),
  };
}

/** `/api/brand/{brand}`: the brand, checked against the caller, and the scope of its orders. */
export async function brandScope(c: ApiContext) {
  const brand = await resolveBrand(c.var.deps.db, c.var.user, parseId(c.req.param('brand')));
  const scope: OrderScope = { ...brandView(c.var.user), brandIds: [brand.id] };
  return { brand, scope };
}

/**
 * `/api/vendor/{vendor}`: the vendor, checked against the caller, and the brands visible through it: all it
 * serves to its own users and administrators, only the caller's own among them to brand-side users.
 */
export async function vendorScope(c: ApiContext) {
  const { vendor, brandIds } = await resolveVendor(c.var.deps.db, c.var.user, parseId(c.req.param('vendor')));
  const scope: OrderScope & { vendorId: number } = {
    side: 'vendor',
    seesShipping: true,
    changesOrders: false,
    brandIds,
    vendorId: vendor.id,
  };
  return { vendor, scope };
}

/** Fulfilment steps and offer answers belong to the vendor's own users (administrators may act for them). */
export function requireVendorActor(c: ApiContext, vendorId: number) {
  const user = c.var.user;
  const own = user.roleId === ROLE.vendor && user.vendorId === vendorId;
  if (!own && user.roleId !== ROLE.administrator) throw forbidden();
}

/** Opening a record from a notification (`notif`) marks that notification read; a wrong id is ignored. */
export async function markNotificationRead(c: ApiContext, notif: string | undefined) {
  if (!notif) return;
  try {
    await readNotification(c.var.deps, c.var.user, notif);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
}
