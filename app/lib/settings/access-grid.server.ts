import type { Upstream } from '../upstream.server';
import { settingsApi, type SettingsScope } from '../upstream/settings.server';

/** The gate setting of a role in `scope`, if the role has one yet. */
export async function gateSettingOfRole(api: Upstream, scope: SettingsScope, roleId: number) {
  const settings = await settingsApi.gateSettings(api, { scope, query: { per_page: 1000 } });
  const found = settings.data.find((setting) => setting.role_id === roleId);
  return found ? settingsApi.gateSetting(api, { scope, id: found.id }) : null;
}

/** The users whose role the grid may show, in `scope`. */
export async function usersOfScope(api: Upstream, scope: SettingsScope) {
  const query = { per_page: 1000 };
  const page =
    scope.kind === 'global'
      ? await settingsApi.users(api, { query: { ...query, only: 'admin' } })
      : scope.kind === 'brand'
        ? await settingsApi.brandUsers(api, { brandId: scope.id, query })
        : await settingsApi.vendorUsers(api, { vendorId: scope.id, query });
  return page.data.map((user) => ({
    id: user.id,
    name: user.name,
    roleId: user.role_id,
    roleName: user.roles[0]?.name ?? '',
  }));
}
