import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, roles, users, vendors } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';

/**
 * What the settings routes hold for each caller beyond who may call them (the generated access matrix's): no list
 * of another tenant's accounts, no record of another tenant under one's own path, and a write outside the
 * tenancy changes nothing. Brand and vendor users hold a role of their own brand or vendor with every settings
 * permission of their side, so what stops them is tenancy, not a missing permission.
 */

const USERS = ['admin', 'keyAccount', 'brandA', 'brandB', 'vendor1', 'vendor2', 'vendor1Special'] as const;
type UserKey = (typeof USERS)[number];
type BrandKey = 'A' | 'B';
type VendorKey = 'V1' | 'V2' | 'V3';

let api: TestApi;
const tokens = {} as Record<UserKey, string>;
const brandRoles = {} as Record<BrandKey, number>;
const vendorRoles = {} as Record<VendorKey, number>;

const SIDE_PERMISSIONS = ['user', 'role', 'gate-setting'].flatMap((resource) =>
  ['index', 'store', 'update', 'destroy'].map((action) => `vendor.${resource}.${action}`),
);

beforeAll(async () => {
  api = await startTestApi();
  const admin = await api.login(api.world.users.admin.email);
  const listed = await api.request('/api/permission', { token: admin });
  const ids = (listed.body.data as { id: number; name: string }[])
    .filter((row) => SIDE_PERMISSIONS.includes(row.name))
    .map((row) => row.id);
  async function managerRole(base: string) {
    const role = await api.request(`${base}/role`, { token: admin, json: { name: 'Pengelola' } });
    await api.request(`${base}/gate-setting`, {
      token: admin,
      json: { role_id: role.body.data.id, permission_ids: ids },
    });
    return role.body.data.id as number;
  }
  for (const brand of ['A', 'B'] as const)
    brandRoles[brand] = await managerRole(`/api/brand/${api.world.brands[brand]}`);
  for (const vendor of ['V1', 'V2', 'V3'] as const) {
    vendorRoles[vendor] = await managerRole(`/api/vendor/${api.world.vendors[vendor]}`);
  }
  const assign = async (key: UserKey, roleId: number) => {
    const user = api.world.users[key];
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    const response = await api.request(`/api/user/${user.id}`, {
      method: 'PUT',
      token: admin,
      json: { name: row.name, email: row.email, mobile_phone: row.mobilePhone, role_id: roleId },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  await assign('brandA', brandRoles.A);
  await assign('brandB', brandRoles.B);
  await assign('vendor1', vendorRoles.V1);
  await assign('vendor2', vendorRoles.V2);
  for (const key of USERS) tokens[key] = await api.login(api.world.users[key].email);
});

afterAll(async () => {
  await api?.close();
});

const brandPath = (brand: BrandKey) => `/api/brand/${api.world.brands[brand]}`;
const vendorPath = (vendor: VendorKey) => `/api/vendor/${api.world.vendors[vendor]}`;

describe('brand settings paths', () => {
  it("never shows a brand user another brand's role under their own brand's path", async () => {
    const response = await api.request(`${brandPath('A')}/role/${brandRoles.B}`, { token: tokens.brandA });
    expect(response.status).toBe(404);
  });
});

describe('vendor settings paths', () => {
  it("a vendor's user never lists another vendor's users, on any path", async () => {
    const all = await api.request('/api/user', { token: tokens.vendor1, query: { per_page: 1000 } });
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThan(0);
    expect(all.body.data.every((row: { vendor_id: number }) => row.vendor_id === api.world.vendors.V1)).toBe(
      true,
    );
    const foreign = await api.request('/api/user', {
      token: tokens.vendor1,
      query: { vendor: api.world.vendors.V2 },
    });
    expect(foreign.status).toBe(404);
  });

  it("a brand-side account's user list, its total and the user options hold only its brands' accounts", async () => {
    const foreign = [api.world.users.vendor2.id, api.world.users.brandB.id];
    for (const key of ['brandA'] as const) {
      const listed = await api.request('/api/user', { token: tokens[key], query: { per_page: 1000 } });
      const options = await api.request('/api/select/user', {
        token: tokens[key],
        query: { per_page: 1000 },
      });
      const ids = listed.body.data.map((row: { id: number }) => row.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(listed.body.meta.total).toBe(ids.length);
      expect(options.body.data.map((row: { id: number }) => row.id).sort()).toEqual([...ids].sort());
      expect(ids.filter((id: number) => foreign.includes(id))).toEqual([]);
    }
  });

  it("refuses a change to another vendor's role through one's own vendor path, and leaves it", async () => {
    const response = await api.request(`${vendorPath('V1')}/role/${vendorRoles.V2}`, {
      method: 'PUT',
      token: tokens.vendor1,
      json: { name: 'Diambil' },
    });
    expect(response.status).toBe(404);
    const [row] = await api.db.select().from(roles).where(eq(roles.id, vendorRoles.V2));
    expect(row.name).toBe('Pengelola');
  });
});

describe('accounts outside the tenancy', () => {
  const cases: { actor: UserKey; target: UserKey }[] = [
    { actor: 'vendor1', target: 'vendor2' },
    { actor: 'brandA', target: 'brandB' },
    { actor: 'brandA', target: 'vendor2' },
    { actor: 'keyAccount', target: 'brandB' },
    { actor: 'keyAccount', target: 'admin' },
    { actor: 'vendor1', target: 'brandA' },
  ];
  for (const { actor, target } of cases) {
    it(`${actor} cannot read, edit or delete ${target}, whose row stays`, async () => {
      const user = api.world.users[target];
      const [before] = await api.db.select().from(users).where(eq(users.id, user.id));
      // Accounts are not key accounts' to manage at all (403); others find no such account (404).
      const status = actor === 'keyAccount' ? 403 : 404;
      expect((await api.request(`/api/user/${user.id}`, { token: tokens[actor] })).status).toBe(status);
      const edit = await api.request(`/api/user/${user.id}`, {
        method: 'PUT',
        token: tokens[actor],
        json: { name: 'Diambil', email: before.email, mobile_phone: before.mobilePhone },
      });
      expect(edit.status).toBe(status);
      const remove = await api.request(`/api/user/${user.id}`, { method: 'DELETE', token: tokens[actor] });
      expect(remove.status).toBe(status);
      const [after] = await api.db.select().from(users).where(eq(users.id, user.id));
      expect(after).toEqual(before);
    });
  }

  it('a vendor user cannot manage the special account of its own vendor', async () => {
    const special = api.world.users.vendor1Special;
    const response = await api.request(`/api/user/${special.id}`, {
      method: 'PUT',
      token: tokens.vendor1,
      json: { name: 'Diambil', email: special.email, mobile_phone: '081200000006' },
    });
    expect(response.status).toBe(403);
    const [row] = await api.db.select().from(users).where(eq(users.id, special.id));
    expect(row.name).toBe(special.name);
  });
});

describe('vendors and categories outside the tenancy', () => {
  it('a key account cannot read a vendor serving only another brand', async () => {
    const token = tokens.keyAccount;
    expect((await api.request(`/api/vendor/${api.world.vendors.V2}`, { token })).status).toBe(404);
    expect((await api.request(`${brandPath('B')}/vendor`, { token })).status).toBe(404);
  });

  it('a key account cannot update or delete a vendor outside its brands, which stays', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      _method: 'PUT',
      name: 'Diambil',
      city: 'Bandung',
      postal_code: '40111',
      telephone: '022-5550100',
      lat: '-6.9',
      lng: '107.6',
    }))
      form.append(key, value);
    const update = await api.request(`/api/vendor/${api.world.vendors.V2}`, {
      token: tokens.keyAccount,
      form,
    });
    expect(update.status).toBe(404);
    const remove = await api.request(`/api/vendor/${api.world.vendors.V2}`, {
      method: 'DELETE',
      token: tokens.keyAccount,
    });
    expect(remove.status).toBe(404);
    const [row] = await api.db.select().from(vendors).where(eq(vendors.id, api.world.vendors.V2));
    expect(row).toMatchObject({ name: 'Vendor Dua', deletedAt: null });
  });

  it("a key account cannot change another brand's category, which stays", async () => {
    const id = api.world.categories.B.children[0];
    const response = await api.request(`${brandPath('B')}/category/${id}`, {
      method: 'PUT',
      token: tokens.keyAccount,
      json: { name: 'Diambil' },
    });
    expect(response.status).toBe(404);
    const through = await api.request(`${brandPath('A')}/category/${id}`, {
      method: 'DELETE',
      token: tokens.keyAccount,
    });
    expect(through.status).toBe(404);
    const [row] = await api.db.select().from(categories).where(eq(categories.id, id));
    expect(row).toMatchObject({ name: 'Baju', deletedAt: null });
  });
});
