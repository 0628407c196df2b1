import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { brandOfPath, parseId, vendorOfPath } from '../../http/tenancy';
import { write } from '../../http/write';
import { hashPassword } from '../../access/passwords';
import { findUserRow, listUsers, userOptions } from './reads';
import { userCreateSchema, userListQuerySchema, userSelectQuerySchema, userUpdateSchema } from './schema';
import { serializeUser } from './serializers';
import { createUser, deleteUser, updateUser } from './service';
import { WRITE_MESSAGE } from '../../http/messages';

/** A named brand or vendor of an account must lie within the caller's reach; a vendor's, wholly (every brand it serves). */
const ACCOUNT_TENANTS = { brand_id: 'brand', vendor_id: 'vendor-wholly', brand_ids: 'brands' } as const;

function idOf(c: Context<ApiEnv>) {
  return parseId(c.req.param('id'));
}

async function shown(c: Context<ApiEnv>, id: number) {
  return c.json({ data: serializeUser(await findUserRow(c.var.deps.db, c.var.user, id), true) });
}

/**
 * Accounts: the global list and the writes serve every side, each seeing only the
 * accounts it manages; the brand and vendor paths list one brand's or vendor's users. Every write drops the
 * cached token users once it has committed, so a changed role or a deleted account counts on the next request.
 */
export const userEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/user',
    summary: 'Accounts the caller manages (only=admin: administrators and key accounts; brand, vendor)',
    tag: 'user',
    query: userListQuerySchema,
    policy: { operation: 'user.list', tenancy: 'reach', query: { brand: 'brand', vendor: 'vendor' } },
    handle: async (c, { query }) => {
      const filter = { only: query.only, brandId: query.brand, vendorId: query.vendor };
      return c.json(await listUsers(c.var.deps.db, c.var.user, query, filter));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/select/user',
    summary: 'Account options',
    tag: 'user',
    query: userSelectQuerySchema,
    policy: { operation: 'user.list', tenancy: 'reach' },
    handle: async (c, { query }) => {
      return c.json(await userOptions(c.var.deps.db, c.var.user, query));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/user',
    summary:
      'Create an account (role_name: Administrator, Key Account, Brand with brand_id, Vendor with vendor_id)',
    tag: 'user',
    body: userCreateSchema,
    policy: { operation: 'user.create', tenancy: 'reach', body: ACCOUNT_TENANTS },
    handle: async (c, { body }) => {
      const passwordHash = await hashPassword(body.password);
      const created = await write(c, (work) => createUser(work, c.var.user, body, passwordHash));
      await c.var.deps.authCache.invalidate();
      const row = await findUserRow(c.var.deps.db, c.var.user, created.id);
      return c.json({ message: WRITE_MESSAGE.created, data: serializeUser(row, true) }, 201);
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/user/{id}',
    summary: 'One account with its role and permissions',
    tag: 'user',
    policy: { operation: 'user.list', tenancy: 'reach' },
    handle: async (c) => {
      return shown(c, idOf(c));
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/user/{id}',
    summary: 'Update an account (password optional)',
    tag: 'user',
    body: userUpdateSchema,
    policy: { operation: 'user.update', tenancy: 'reach', body: ACCOUNT_TENANTS },
    handle: async (c, { body }) => {
      const id = idOf(c);
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      await write(c, (work) => updateUser(work, c.var.user, id, body, passwordHash));
      await c.var.deps.authCache.invalidate();
      const row = await findUserRow(c.var.deps.db, c.var.user, id);
      return c.json({ message: WRITE_MESSAGE.updated, data: serializeUser(row, true) });
    },
  }),
  endpoint({
    method: 'delete',
    path: '/api/user/{id}',
    summary: 'Delete an account (not a special account, one’s own, or the last administrator)',
    tag: 'user',
    policy: { operation: 'user.delete', tenancy: 'reach' },
    handle: async (c) => {
      const id = idOf(c);
      await write(c, (work) => deleteUser(work, c.var.user, id));
      await c.var.deps.authCache.invalidate();
      return c.json({ message: WRITE_MESSAGE.deleted, success: true });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/user',
    summary: "A brand's users",
    tag: 'user',
    policy: { operation: 'user.list', tenancy: 'brand' },
    query: userListQuerySchema,
    handle: async (c, { query }) => {
      const brandId = (await brandOfPath(c)).id;
      return c.json(await listUsers(c.var.deps.db, c.var.user, query, { brandId }));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/user/{id}',
    summary: "One of a brand's users",
    tag: 'user',
    policy: { operation: 'user.list', tenancy: 'brand' },
    handle: async (c) => {
      const brandId = (await brandOfPath(c)).id;
      const row = await findUserRow(c.var.deps.db, c.var.user, idOf(c), { brandId });
      return c.json({ data: serializeUser(row, true) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/user',
    summary: "A vendor's users",
    tag: 'user',
    policy: { operation: 'user.list', tenancy: 'vendor' },
    query: userListQuerySchema,
    handle: async (c, { query }) => {
      const vendorId = (await vendorOfPath(c)).vendor.id;
      return c.json(await listUsers(c.var.deps.db, c.var.user, query, { vendorId }));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/user/{id}',
    summary: "One of a vendor's users",
    tag: 'user',
    policy: { operation: 'user.list', tenancy: 'vendor' },
    handle: async (c) => {
      const vendorId = (await vendorOfPath(c)).vendor.id;
      const row = await findUserRow(c.var.deps.db, c.var.user, idOf(c), { vendorId });
      return c.json({ data: serializeUser(row, true) });
    },
  }),
]);
