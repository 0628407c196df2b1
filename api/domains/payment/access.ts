import type { AuthUser } from '../../access/auth-user';
import { notFound } from '../../api-error';

/** The brands whose vouchers the caller works with: every brand, or the listed ones. */
export type VoucherScope = { brandIds: readonly number[] | 'all' };

/** The caller's brands: the policy of each voucher operation has already let it through (docs/decisions/022). */
export function voucherScope(user: AuthUser): VoucherScope {
  return { brandIds: user.brandIds };
}

export function holdsBrand(scope: VoucherScope, brandId: number) {
  return scope.brandIds === 'all' || scope.brandIds.includes(brandId);
}

/** A brand named in a query outside the caller's brands reads as one that does not exist. */
export function requireBrand(scope: VoucherScope, brandId: number) {
  if (!holdsBrand(scope, brandId)) throw notFound();
}
