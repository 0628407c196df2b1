import type { AuthUser } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { hasPermission } from '../access/permissions';
import { ROLE } from '../access/roles';

export type VoucherAction = 'index' | 'store' | 'update' | 'destroy';

/** The brands whose vouchers the caller works with: every brand, or the listed ones. */
export type VoucherScope = { brandIds: readonly number[] | 'all' };

/**
 * Vendor payments belong to the platform's staff (spec 000 §2 shows Pembayaran to administrators and key
 * accounts only): administrators always, key accounts holding `send-payment.{action}`, within their brands.
 * Brand and vendor users have no voucher screen, so no voucher call either: 403.
 */
export function voucherScope(user: AuthUser, action: VoucherAction): VoucherScope {
  if (user.roleId === ROLE.administrator) return { brandIds: 'all' };
  if (user.roleId === ROLE.keyAccount && hasPermission(user, `send-payment.${action}`)) {
    return { brandIds: user.brandIds };
  }
  throw forbidden();
}

export function holdsBrand(scope: VoucherScope, brandId: number) {
  return scope.brandIds === 'all' || scope.brandIds.includes(brandId);
}

/** A brand named in a query outside the caller's brands reads as one that does not exist. */
export function requireBrand(scope: VoucherScope, brandId: number) {
  if (!holdsBrand(scope, brandId)) throw notFound();
}
