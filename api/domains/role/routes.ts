import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup, type Endpoint } from '../../http/endpoints';
import { parseId, settingsScopeOf } from '../../http/tenancy';
import { write } from '../../http/write';
import { settingsPolicy, type SettingsAction, type SettingsScope } from '../../access/settings-scope';
import {
  createGateSetting,
  deleteGateSetting,
  grantablePermissions,
  listGateSettings,
  showGateSetting,
  updateGateSetting,
} from './gate-settings';
import { createRole, deleteRole, findRole, listRoles, updateRole } from './roles';
import {
  gateSettingCreateSchema,
  gateSettingUpdateSchema,
  roleBodySchema,
  roleListQuerySchema,
} from './schema';
import { serializeRole } from './serializers';
import { WRITE_MESSAGE } from '../../http/messages';

/** Whose settings a path holds: the platform's (global), a brand's or a vendor's. */
type ScopeKind = SettingsScope['kind'];

function idOf(c: Context<ApiEnv>) {
  return parseId(c.req.param('id'));
}

/** A write that changes what some accounts hold: the cached token users are dropped once it has committed. */
async function forgetGrants(c: Context<ApiEnv>) {
  await c.var.deps.authCache.invalidate();
}

const SCOPE_NAMES: Record<ScopeKind, string> = {
  global: 'platform',
  brand: "a brand's",
  vendor: "a vendor's",
};

/** The five role calls of one side, at the literal paths the spec names for it. */
function roleRows(side: ScopeKind, paths: { list: string; one: string }): Endpoint[] {
  const scope = (c: Context<ApiEnv>) => settingsScopeOf(c, side);
  const policy = (action: SettingsAction) => settingsPolicy(side, 'role', action);
  return [
    endpoint({
      method: 'get',
      path: paths.list,
      summary: `Roles (${SCOPE_NAMES[side]})`,
      tag: 'role',
      policy: policy('index'),
      query: roleListQuerySchema,
      handle: async (c, { query }) => c.json(await listRoles(c.var.deps.db, await scope(c), query)),
    }),
    endpoint({
      method: 'post',
      path: paths.list,
      summary: `Create a role (${SCOPE_NAMES[side]})`,
      tag: 'role',
      policy: policy('store'),
      body: roleBodySchema,
      handle: async (c, { body }) => {
        const within = await scope(c);
        const role = await write(c, (work) => createRole(work, within, body));
        return c.json({ message: WRITE_MESSAGE.created, data: serializeRole(role) }, 201);
      },
    }),
    endpoint({
      method: 'get',
      path: paths.one,
      summary: `One role (${SCOPE_NAMES[side]})`,
      tag: 'role',
      policy: policy('index'),
      handle: async (c) => {
        const within = await scope(c);
        return c.json({ data: serializeRole(await findRole(c.var.deps.db, within, idOf(c))) });
      },
    }),
    endpoint({
      method: 'put',
      path: paths.one,
      summary: `Rename a role (${SCOPE_NAMES[side]})`,
      tag: 'role',
      policy: policy('update'),
      body: roleBodySchema,
      handle: async (c, { body }) => {
        const within = await scope(c);
        const id = idOf(c);
        const role = await write(c, (work) => updateRole(work, c.var.user, within, id, body));
        return c.json({ message: WRITE_MESSAGE.updated, data: serializeRole(role) });
      },
    }),
    endpoint({
      method: 'delete',
      path: paths.one,
      summary: `Delete a role no account uses (422 otherwise) (${SCOPE_NAMES[side]})`,
      tag: 'role',
      policy: policy('destroy'),
      handle: async (c) => {
        const within = await scope(c);
        const id = idOf(c);
        await write(c, (work) => deleteRole(work, c.var.user, within, id));
        await forgetGrants(c);
        return c.json({ message: WRITE_MESSAGE.deleted, success: true });
      },
    }),
  ];
}

/** The gate settings (a role's permissions) of one side, and the permissions it may hand on. */
function gateSettingRows(
  side: ScopeKind,
  paths: { list: string; one: string; permissions: string },
): Endpoint[] {
  const scope = (c: Context<ApiEnv>) => settingsScopeOf(c, side);
  const policy = (action: SettingsAction) => settingsPolicy(side, 'gate-setting', action);
  return [
    endpoint({
      method: 'get',
      path: paths.permissions,
      summary: `Permissions the caller may grant (${SCOPE_NAMES[side]}); not paged`,
      tag: 'gate-setting',
      policy: policy('index'),
      handle: async (c) => {
        const within = await scope(c);
        return c.json({ data: await grantablePermissions(c.var.deps.db, within, c.var.user) });
      },
    }),
    endpoint({
      method: 'get',
      path: paths.list,
      summary: `Permission settings by role (${SCOPE_NAMES[side]})`,
      tag: 'gate-setting',
      policy: policy('index'),
      query: roleListQuerySchema,
      handle: async (c, { query }) => c.json(await listGateSettings(c.var.deps.db, await scope(c), query)),
    }),
    endpoint({
      method: 'post',
      path: paths.list,
      summary: `Give a role its permissions (${SCOPE_NAMES[side]})`,
      tag: 'gate-setting',
      policy: policy('store'),
      body: gateSettingCreateSchema,
      handle: async (c, { body }) => {
        const within = await scope(c);
        const data = await write(c, (work) => createGateSetting(work, c.var.user, within, body));
        await forgetGrants(c);
        return c.json({ message: WRITE_MESSAGE.created, data }, 201);
      },
    }),
    endpoint({
      method: 'get',
      path: paths.one,
      summary: `One permission setting with its role and permissions (${SCOPE_NAMES[side]})`,
      tag: 'gate-setting',
      policy: policy('index'),
      handle: async (c) => {
        const within = await scope(c);
        return c.json({ data: await showGateSetting(c.var.deps.db, within, idOf(c)) });
      },
    }),
    endpoint({
      method: 'put',
      path: paths.one,
      summary: `Change a role's permissions (${SCOPE_NAMES[side]})`,
      tag: 'gate-setting',
      policy: policy('update'),
      body: gateSettingUpdateSchema,
      handle: async (c, { body }) => {
        const within = await scope(c);
        const id = idOf(c);
        const data = await write(c, (work) => updateGateSetting(work, c.var.user, within, id, body));
        await forgetGrants(c);
        return c.json({ message: WRITE_MESSAGE.updated, data });
      },
    }),
    endpoint({
      method: 'delete',
      path: paths.one,
      summary: `Take every permission from a role (${SCOPE_NAMES[side]})`,
      tag: 'gate-setting',
      policy: policy('destroy'),
      handle: async (c) => {
        const within = await scope(c);
        const id = idOf(c);
        await write(c, (work) => deleteGateSetting(work, c.var.user, within, id));
        await forgetGrants(c);
        return c.json({ message: WRITE_MESSAGE.deleted, success: true });
      },
    }),
  ];
}

/** Roles, gate settings and permissions, scoped by actor (docs/decisions/014). */
export const roleEndpoints = endpointGroup([
  ...roleRows('global', { list: '/api/role', one: '/api/role/{id}' }),
  ...roleRows('brand', { list: '/api/brand/{brand}/role', one: '/api/brand/{brand}/role/{id}' }),
  ...roleRows('vendor', { list: '/api/vendor/{vendor}/role', one: '/api/vendor/{vendor}/role/{id}' }),
  ...gateSettingRows('global', {
    list: '/api/gate-setting',
    one: '/api/gate-setting/{id}',
    permissions: '/api/permission',
  }),
  ...gateSettingRows('brand', {
    list: '/api/brand/{brand}/gate-setting',
    one: '/api/brand/{brand}/gate-setting/{id}',
    permissions: '/api/brand/{brand}/permission',
  }),
  ...gateSettingRows('vendor', {
    list: '/api/vendor/{vendor}/gate-setting',
    one: '/api/vendor/{vendor}/gate-setting/{id}',
    permissions: '/api/vendor/{vendor}/permission',
  }),
]);
