import type { Account } from './upstream/account.server';
import { ROLE } from './navigation';

/** Pembayaran is the platform staff's (spec 000 §2): anyone else gets the forbidden notice, not an empty page. */
export function requirePaymentStaff(user: Account) {
  if (user.role_id !== ROLE.administrator && user.role_id !== ROLE.keyAccount) {
    throw new Response('Forbidden', { status: 403 });
  }
}

/**
 * What the voucher screens offer the user (spec 001 §6: View with the update permission, Delete with destroy;
 * `any` allows both): administrators everything, key accounts what their role grants.
 */
export function voucherActions(user: Account) {
  const holds = (action: string) =>
    user.role_id === ROLE.administrator ||
    user.is_special_account ||
    user.permissions.includes('any') ||
    user.permissions.includes(`send-payment.${action}`);
  return { create: holds('store'), update: holds('update'), destroy: holds('destroy') };
}

/** Banks are a setting of administrators alone (spec 001 §6). */
export function requireAdministrator(user: Account) {
  if (user.role_id !== ROLE.administrator) throw new Response('Forbidden', { status: 403 });
}

/** A record id from the address; anything else is a page that does not exist. */
export function idOf(raw: string | undefined) {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    throw new Response('Not Found', { status: 404 });
  return id;
}
