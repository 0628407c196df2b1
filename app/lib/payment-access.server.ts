import type { Account } from './upstream/account.server';
import { userCan } from './access';
import { requirePermission } from './access.server';
import { pathId } from './record-id';

/** Pembayaran: whoever may list the vouchers; anyone else gets the forbidden notice, not an empty page. */
export function requirePaymentStaff(user: Account) {
  requirePermission(user, 'payment.list');
}

/** What the voucher screens offer the user (View with the update permission, Delete with destroy). */
export function voucherActions(user: Account) {
  return {
    create: userCan(user, 'payment.create'),
    update: userCan(user, 'payment.update'),
    destroy: userCan(user, 'payment.delete'),
  };
}

/** A record id from the address; anything else is a page that does not exist. */
export function idOf(raw: string | undefined) {
  return pathId(raw);
}
