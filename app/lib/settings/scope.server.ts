import type { AppLoadContext } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { ROLE } from '../navigation';
import { requireUser } from '../scope.server';
import type { SettingsScope } from '../upstream/settings.server';
import { isPlatformStaff } from './access';
import { pathId } from '../record-id';

/** The settings scope of the signed-in account: its vendor, its brand, or global for platform staff. */
export async function requireSettingsScope(request: Request, context: AppLoadContext) {
  const { user, api } = await requireUser(request, context);
  let scope: SettingsScope;
  if (isPlatformStaff(user)) scope = { kind: 'global' };
  else if (user.role_id === ROLE.vendor && user.vendor_id) scope = { kind: 'vendor', id: user.vendor_id };
  else if (user.role_id === ROLE.brand && user.brand_id) scope = { kind: 'brand', id: user.brand_id };
  else throw redirect('/settings');
  return { user, api, scope };
}

/** The current brand of a brand-side screen (brand, category): none → back to the menu. */
export async function requireSettingsBrand(request: Request, context: AppLoadContext) {
  const { user, api } = await requireUser(request, context);
  const brandId = user.role_id === ROLE.brand ? user.brand_id : user.current_brand_id;
  if (!brandId || user.role_id === ROLE.vendor) throw redirect('/settings');
  return { user, api, brandId };
}

/** Key accounts are sent away from the user screens to the menu (docs/decisions/022). */
export function keepKeyAccountsOut(user: { role_id: number }) {
  if (user.role_id === ROLE.keyAccount) throw redirect('/settings');
}

/** A record id from the address; `create` is the create form of the same route. */
export function recordId(raw: string | undefined): number | null {
  if (raw === 'create') return null;
  return pathId(raw);
}
