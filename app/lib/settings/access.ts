import { isPlatformStaff as staffKind, type OperationName } from '../../../contract/access';
import { userCan, type AccessUser } from '../access';

export type SettingsResource = 'user' | 'role' | 'gate-setting';

export function isPlatformStaff(user: { role_id: number }) {
  return staffKind(user.role_id);
}

/** View when the update permission is held, Delete when destroy is; `any` allows both. */
export function rowActions(user: AccessUser, resource: SettingsResource) {
  return {
    view: userCan(user, `${resource}.update`),
    remove: userCan(user, `${resource}.delete`),
    create: userCan(user, `${resource}.create`),
  };
}

export type SettingsCard =
  | 'brand'
  | 'vendor'
  | 'category'
  | 'user'
  | 'role'
  | 'permission'
  | 'bank'
  | 'shipping'
  | 'accessGrid'
  | 'audit';

/**
 * Each card of `/settings` with the operation that opens its screen (docs/decisions/022). Beyond
 * the spec: shipping methods for whoever may switch the couriers, the access grid with the permissions, the
 * audit log with the users.
 */
const CARD_OPERATIONS: Record<SettingsCard, OperationName> = {
  brand: 'brand.list',
  vendor: 'vendor.list',
  category: 'category.list',
  user: 'user.list',
  role: 'role.list',
  permission: 'gate-setting.list',
  accessGrid: 'gate-setting.list',
  bank: 'bank.list',
  shipping: 'shipping.update',
  audit: 'audit.list',
};

/** Where each card of `/settings` leads. */
export const SETTINGS_CARD_PATHS: Record<SettingsCard, string> = {
  brand: '/settings/brand',
  vendor: '/settings/vendor',
  category: '/settings/category',
  user: '/settings/user',
  role: '/settings/role',
  permission: '/settings/permission',
  accessGrid: '/settings/hakakses',
  bank: '/settings/bank',
  shipping: '/settings/pengiriman',
  audit: '/settings/audit',
};

/** The cards of `/settings` the account may open, in the menu's order. */
export function settingsCards(user: AccessUser): SettingsCard[] {
  return (Object.keys(CARD_OPERATIONS) as SettingsCard[]).filter((card) =>
    userCan(user, CARD_OPERATIONS[card]),
  );
}

/** A card's screen refuses whoever the menu would not show it to. */
export function requireCard(user: AccessUser, card: SettingsCard) {
  if (!userCan(user, CARD_OPERATIONS[card])) throw new Response('Forbidden', { status: 403 });
}
