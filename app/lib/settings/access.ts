import { holds, ROLE } from '../navigation';

type SettingsUser = {
  role_id: number;
  permissions: string[];
  is_special_account: boolean;
  brand_id?: number | null;
  vendor_id?: number | null;
};

export type SettingsResource = 'user' | 'role' | 'gate-setting';

export function isPlatformStaff(user: { role_id: number }) {
  return user.role_id === ROLE.administrator || user.role_id === ROLE.keyAccount;
}

/** Platform staff hold `role.index`; brand and vendor users `vendor.role.index` (spec 001 §6). */
export function settingsPermission(user: SettingsUser, resource: SettingsResource, action: string) {
  return isPlatformStaff(user) ? `${resource}.${action}` : `vendor.${resource}.${action}`;
}

/** View when the update permission is held, Delete when destroy is; `any` allows both (spec 001 §6). */
export function rowActions(user: SettingsUser, resource: SettingsResource) {
  return {
    view: holds(user, settingsPermission(user, resource, 'update')),
    remove: holds(user, settingsPermission(user, resource, 'destroy')),
    create: holds(user, settingsPermission(user, resource, 'store')),
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
 * The cards of `/settings`, as spec 001 §6 shows them: brand and category for administrators and key
 * accounts; vendor for them and brand users; all users for administrators, a brand's or vendor's users with
 * `vendor.user.index`; roles and permissions by `role.index`/`gate-setting.index` (their `vendor.` names on the
 * brand and vendor side); bank for administrators. Beyond the spec: shipping methods for administrators (the
 * couriers are every brand's), the access grid with the permissions, the audit log with the users.
 */
export function settingsCards(user: SettingsUser): SettingsCard[] {
  const staff = isPlatformStaff(user);
  const administrator = user.role_id === ROLE.administrator;
  const can = (resource: SettingsResource) => holds(user, settingsPermission(user, resource, 'index'));
  const cards: SettingsCard[] = [];
  if (staff) cards.push('brand');
  if (staff || user.role_id === ROLE.brand) cards.push('vendor');
  if (staff) cards.push('category');
  if (administrator || (!staff && can('user'))) cards.push('user');
  if (can('role')) cards.push('role');
  if (can('gate-setting')) cards.push('permission', 'accessGrid');
  if (administrator) cards.push('bank', 'shipping');
  if (can('user')) cards.push('audit');
  return cards;
}

/** A card's screen refuses whoever the menu would not show it to. */
export function requireCard(user: SettingsUser, card: SettingsCard) {
  if (!settingsCards(user).includes(card)) throw new Response('Forbidden', { status: 403 });
}
