import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokens,
  auditLogs,
  gateSettingPermissions,
  products,
  refreshTokens,
  roles,
  users,
  vendorAreas,
  vendorBrands,
  vendors,
  vendorStocks,
} from '../../api/db/schema';
import { permissionIdsByName } from '../../api/access/permission-sync';
import { CLIENT, startTestApi, type TestApi } from '../support/api';
import { createCatalogue, placeOrder, type Catalogue } from '../support/world';

/**
 * The access rules of docs/decisions/022 that a matrix of statuses alone would not catch: each test breaks when
 * its rule does, and checks the rows a refused call must leave as they were.
 */

let api: TestApi;
let catalogue: Catalogue;
const tokens: Record<string, string> = {};
let permissionIds: Map<string, number>;
let sequence = 0;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  for (const key of ['admin', 'keyAccount', 'brandA', 'vendor1'] as const) {
    tokens[key] = await api.login(api.world.users[key].email);
  }
  permissionIds = await permissionIdsByName(api.db);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

function emailOf(prefix: string) {
  return `${prefix}.${process.pid}.${++sequence}@rules.test`;
}

/** A role of its own place holding `names`, made by the administrator through the API. */
async function roleHolding(base: string, names: string[]) {
  const role = await api.request(`${base}/role`, {
    token: tokens.admin,
    json: { name: `Peran ${++sequence}` },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const setting = await api.request(`${base}/gate-setting`, {
    token: tokens.admin,
    json: { role_id: role.body.data.id, permission_ids: names.map((name) => permissionIds.get(name)) },
  });
  expect(setting.status, JSON.stringify(setting.body)).toBe(201);
  return { roleId: role.body.data.id as number, gateSettingId: setting.body.data.id as number };
}

/** An account made by the administrator through the API, signed in. */
async function accountWith(body: Record<string, unknown>) {
  const email = emailOf('akun');
  const created = await api.request('/api/user', {
    token: tokens.admin,
    json: { name: 'Akun Uji', email, mobile_phone: '081234567890', password: 'rahasia-123', ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.data.id as number, email, token: await api.login(email, 'rahasia-123') };
}

const brandA = () => `/api/brand/${api.world.brands.A}`;

describe('a vendor serving several brands belongs to all of them', () => {
  it('a brand user holding vendor.user.store creates no account of a vendor that also serves another brand, and sets no password of one', async () => {
    const { roleId } = await roleHolding(brandA(), [
      'vendor.user.index',
      'vendor.user.store',
      'vendor.user.update',
    ]);
    const manager = await accountWith({ role_id: roleId, role_name: 'Brand', brand_id: api.world.brands.A });
    const vendorRole = await api.request(`/api/vendor/${api.world.vendors.V3}/role`, {
      token: tokens.admin,
      json: { name: 'Tanpa Izin' },
    });
    const email = emailOf('gudang');

    const created = await api.request('/api/user', {
      token: manager.token,
      json: {
        name: 'Gudang Tiga',
        email,
        mobile_phone: '081234567890',
        password: 'rahasia-123',
        role_id: vendorRole.body.data.id,
        role_name: 'Vendor',
        vendor_id: api.world.vendors.V3,
      },
    });

    expect(created.status).toBe(422);
    expect(created.body.errors.vendor_id).toBeDefined();
    expect(await api.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    // An existing account of that vendor, whose every permission the manager holds, is not the manager's to take.
    const target = await accountWith({
      role_id: vendorRole.body.data.id,
      role_name: 'Vendor',
      vendor_id: api.world.vendors.V3,
    });
    const [before] = await api.db.select().from(users).where(eq(users.id, target.id));
    const takeover = await api.request(`/api/user/${target.id}`, {
      method: 'PUT',
      token: manager.token,
      json: { name: 'Diambil', email: target.email, mobile_phone: '081234567890', password: 'punyaku-123' },
    });
    expect(takeover.status).toBe(403);
    const [after] = await api.db.select().from(users).where(eq(users.id, target.id));
    expect(after).toEqual(before);

    // A vendor serving only the manager's brand is the manager's to staff.
    const v1Role = await api.request(`/api/vendor/${api.world.vendors.V1}/role`, {
      token: tokens.admin,
      json: { name: 'Kosong V1' },
    });
    const allowed = await api.request('/api/user', {
      token: manager.token,
      json: {
        name: 'Gudang Satu',
        email: emailOf('gudang'),
        mobile_phone: '081234567890',
        password: 'rahasia-123',
        role_id: v1Role.body.data.id,
        role_name: 'Vendor',
        vendor_id: api.world.vendors.V1,
      },
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
  });

  it('a key account of one brand changes neither the areas nor the priority of a vendor that also serves another brand', async () => {
    const v3 = api.world.vendors.V3;
    await api.db.insert(vendorAreas).values({ vendorId: v3, province: 'Jawa Timur', city: 'Surabaya' });
    const [vendorBefore] = await api.db.select().from(vendors).where(eq(vendors.id, v3));
    const areasBefore = await api.db.select().from(vendorAreas).where(eq(vendorAreas.vendorId, v3));
    const form = new FormData();
    for (const [key, value] of Object.entries({
      _method: 'PUT',
      name: 'Vendor Tiga',
      city: 'Surabaya',
      postal_code: '60111',
      telephone: '031-5550100',
      lat: '-7.25',
      lng: '112.75',
      is_priority: '0',
      'brand_ids[]': String(api.world.brands.A),
    })) {
      form.append(key, value);
    }
    form.append('vendor_area_file', new File(['city\nJakarta Selatan\n'], 'area.csv', { type: 'text/csv' }));

    const response = await api.request(`/api/vendor/${v3}`, { token: tokens.keyAccount, form });

    expect(response.status).toBe(403);
    const [vendorAfter] = await api.db.select().from(vendors).where(eq(vendors.id, v3));
    expect(vendorAfter).toEqual(vendorBefore);
    expect(vendorAfter.isPriority).toBe(true);
    expect(await api.db.select().from(vendorAreas).where(eq(vendorAreas.vendorId, v3))).toEqual(areasBefore);
    const served = await api.db.select().from(vendorBrands).where(eq(vendorBrands.vendorId, v3));
    expect(served.map((row) => row.brandId).sort()).toEqual([api.world.brands.A, api.world.brands.B].sort());
  });

  it('tells the screens who may change such a vendor: its detail says can_change for a reach covering every brand it serves', async () => {
    const v3 = api.world.vendors.V3;
    const asKeyAccount = await api.request(`/api/vendor/${v3}`, { token: tokens.keyAccount });
    const asAdmin = await api.request(`/api/vendor/${v3}`, { token: tokens.admin });

    expect(asKeyAccount.status).toBe(200);
    expect(asKeyAccount.body.data.can_change).toBe(false);
    expect(asAdmin.body.data.can_change).toBe(true);
  });
});

describe('global roles hold for every brand', () => {
  it("a key account of one brand neither changes a global role's permission set nor renames it", async () => {
    const { roleId, gateSettingId } = await roleHolding('/api', ['stock.index', 'order.index']);
    const setBefore = await api.db
      .select()
      .from(gateSettingPermissions)
      .where(eq(gateSettingPermissions.gateSettingId, gateSettingId));

    const trimmed = await api.request(`/api/gate-setting/${gateSettingId}`, {
      method: 'PUT',
      token: tokens.keyAccount,
      json: { permission_ids: [permissionIds.get('order.index')] },
    });
    const renamed = await api.request(`/api/role/${roleId}`, {
      method: 'PUT',
      token: tokens.keyAccount,
      json: { name: 'Diganti' },
    });

    expect([trimmed.status, renamed.status]).toEqual([403, 403]);
    expect(
      await api.db
        .select()
        .from(gateSettingPermissions)
        .where(eq(gateSettingPermissions.gateSettingId, gateSettingId)),
    ).toEqual(setBefore);
    const [role] = await api.db.select().from(roles).where(eq(roles.id, roleId));
    expect(role.name).not.toBe('Diganti');
  });

  it('a key account changes no built-in role, even the Key Account role whose every permission it holds', async () => {
    const listed = await api.request('/api/gate-setting', { token: tokens.admin, query: { per_page: 100 } });
    const keyAccountSetting = listed.body.data.find(
      (row: { role_id: number }) => row.role_id === api.world.roles.keyAccount,
    );
    const before = await api.db
      .select()
      .from(gateSettingPermissions)
      .where(eq(gateSettingPermissions.gateSettingId, keyAccountSetting.id));

    const response = await api.request(`/api/gate-setting/${keyAccountSetting.id}`, {
      method: 'PUT',
      token: tokens.keyAccount,
      json: { permission_ids: before.map((row) => row.permissionId) },
    });

    expect(response.status).toBe(403);
    expect(
      await api.db
        .select()
        .from(gateSettingPermissions)
        .where(eq(gateSettingPermissions.gateSettingId, keyAccountSetting.id)),
    ).toEqual(before);
  });
});

describe('accounts', () => {
  it('a user changes their own role to no other, even one whose every permission they hold', async () => {
    const base = `/api/vendor/${api.world.vendors.V1}`;
    const { roleId: wide } = await roleHolding(base, [
      'vendor.user.index',
      'vendor.user.update',
      'vendor.role.index',
    ]);
    const { roleId: narrow } = await roleHolding(base, ['vendor.user.index']);
    const account = await accountWith({
      role_id: wide,
      role_name: 'Vendor',
      vendor_id: api.world.vendors.V1,
    });

    const response = await api.request(`/api/user/${account.id}`, {
      method: 'PUT',
      token: account.token,
      json: { name: 'Akun Uji', email: account.email, mobile_phone: '081234567890', role_id: narrow },
    });

    expect(response.status).toBe(422);
    expect(response.body.errors.role_id).toBeDefined();
    const [row] = await api.db.select().from(users).where(eq(users.id, account.id));
    expect(row.assignedRoleId).toBe(wide);
  });

  it("keeps a brand's last user manager, from deletion and from a role that cannot manage users, while its other users cannot manage users; another brand's manager does not count", async () => {
    const brandB = `/api/brand/${api.world.brands.B}`;
    const { roleId: managerB } = await roleHolding(brandB, ['vendor.user.index', 'vendor.user.update']);
    const { roleId: readerB } = await roleHolding(brandB, ['vendor.user.index']);
    const { roleId: managerA } = await roleHolding(brandA(), ['vendor.user.index', 'vendor.user.update']);
    const last = await accountWith({ role_id: managerB, role_name: 'Brand', brand_id: api.world.brands.B });
    await accountWith({ role_id: readerB, role_name: 'Brand', brand_id: api.world.brands.B });
    await accountWith({ role_id: managerA, role_name: 'Brand', brand_id: api.world.brands.A });

    const refused = await api.request(`/api/user/${last.id}`, { method: 'DELETE', token: tokens.admin });
    const demoted = await api.request(`/api/user/${last.id}`, {
      method: 'PUT',
      token: tokens.admin,
      json: { name: 'Akun Uji', email: last.email, role_id: readerB },
    });

    expect(refused.status).toBe(422);
    expect(demoted.status).toBe(422);
    expect(Object.keys(demoted.body.errors)).toEqual(['role_id']);
    const [row] = await api.db.select().from(users).where(eq(users.id, last.id));
    expect(row.deletedAt).toBeNull();
    expect(row.assignedRoleId).toBe(managerB);
    await accountWith({ role_id: managerB, role_name: 'Brand', brand_id: api.world.brands.B });
    expect(
      (await api.request(`/api/user/${last.id}`, { method: 'DELETE', token: tokens.admin })).status,
    ).toBe(200);
  });
});

describe('sessions follow the password', () => {
  async function refreshWith(refreshToken: string) {
    return api.request('/oauth/token', {
      json: {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      },
    });
  }

  async function signIn(email: string, password = api.world.password) {
    const response = await api.request('/oauth/token', {
      json: {
        grant_type: 'password',
        username: email,
        password,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      },
    });
    return response.body as { access_token: string; refresh_token: string };
  }

  it('a password changed by its owner ends every other session of the account, and the one that changed it goes on', async () => {
    const account = await accountWith({
      role_id: api.world.roles.brand,
      role_name: 'Brand',
      brand_id: api.world.brands.A,
    });
    const elsewhere = await signIn(account.email, 'rahasia-123');
    const here = await signIn(account.email, 'rahasia-123');

    const changed = await api.request('/api/account/change-password', {
      token: here.access_token,
      json: {
        old_password: 'rahasia-123',
        password: 'baru-rahasia-1',
        password_confirmation: 'baru-rahasia-1',
      },
    });

    expect(changed.status).toBe(200);
    expect((await api.request('/api/account', { token: elsewhere.access_token })).status).toBe(401);
    expect((await refreshWith(elsewhere.refresh_token)).status).toBe(401);
    expect((await api.request('/api/account', { token: here.access_token })).status).toBe(200);
  });

  it('a password set by an administrator ends every session of the account', async () => {
    const account = await accountWith({
      role_id: api.world.roles.brand,
      role_name: 'Brand',
      brand_id: api.world.brands.A,
    });
    const session = await signIn(account.email, 'rahasia-123');

    const set = await api.request(`/api/user/${account.id}`, {
      method: 'PUT',
      token: tokens.admin,
      json: {
        name: 'Akun Uji',
        email: account.email,
        mobile_phone: '081234567890',
        password: 'diset-admin-1',
      },
    });

    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await api.request('/api/account', { token: session.access_token })).status).toBe(401);
    expect((await refreshWith(session.refresh_token)).status).toBe(401);
    const live = await api.db
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, account.id), isNull(accessTokens.revokedAt)));
    expect(live).toEqual([]);
    const liveRefresh = await api.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .innerJoin(accessTokens, eq(accessTokens.id, refreshTokens.accessTokenId))
      .where(and(eq(accessTokens.userId, account.id), isNull(refreshTokens.revokedAt)));
    expect(liveRefresh).toEqual([]);
  });
});

describe('every area checks its permission', () => {
  it('a key account holding only product.index and stock.index writes no catalogue, stock, stock setting or listing', async () => {
    const { roleId } = await roleHolding('/api', ['product.index', 'stock.index']);
    const reader = await accountWith({
      role_id: roleId,
      role_name: 'Key Account',
      brand_ids: [api.world.brands.A],
    });
    const product = catalogue.A.charger;
    const [productBefore] = await api.db.select().from(products).where(eq(products.id, product.id));
    const stockBefore = await api.db
      .select()
      .from(vendorStocks)
      .where(eq(vendorStocks.productId, product.id));

    const answers = await Promise.all([
      api.request(`${brandA()}/product`, {
        token: reader.token,
        json: {
          name: 'Baru',
          sku: `RD-${sequence}`,
          category_id: api.world.categories.A.parent,
          vendor_price: 1_000,
        },
      }),
      api.request(`${brandA()}/product/${product.id}`, {
        method: 'PUT',
        token: reader.token,
        json: { name: 'Diganti', sku: product.sku, category_id: product.categoryId },
      }),
      api.request(`${brandA()}/product/${product.id}`, { method: 'DELETE', token: reader.token }),
      api.request(`${brandA()}/product/${product.id}/update-stock`, {
        method: 'PUT',
        token: reader.token,
        json: { product_stocks: [{ vendor_id: api.world.vendors.V1, quantity: 1 }] },
      }),
      api.request(`${brandA()}/stock-setting`, {
        method: 'PUT',
        token: reader.token,
        json: { low_stock_weeks: 9 },
      }),
      api.request(`${brandA()}/tokopedia/product/status/set-inactive`, {
        token: reader.token,
        json: { product_id: ['1'] },
      }),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect((await api.db.select().from(products).where(eq(products.id, product.id)))[0]).toEqual(
      productBefore,
    );
    expect(await api.db.select().from(vendorStocks).where(eq(vendorStocks.productId, product.id))).toEqual(
      stockBefore,
    );
    expect((await api.request(`${brandA()}/product-stock`, { token: reader.token })).status).toBe(200);
  });

  it('a vendor account whose role holds nothing updates no stock and posts no adjustment', async () => {
    const { roleId } = await roleHolding(`/api/vendor/${api.world.vendors.V1}`, []);
    const idle = await accountWith({ role_id: roleId, role_name: 'Vendor', vendor_id: api.world.vendors.V1 });
    const base = `/api/vendor/${api.world.vendors.V1}`;
    const stockBefore = await api.db
      .select()
      .from(vendorStocks)
      .where(eq(vendorStocks.vendorId, api.world.vendors.V1));

    const updated = await api.request(`${base}/product-stock/update`, {
      method: 'PUT',
      token: idle.token,
      json: { product_stocks: [{ product_id: catalogue.A.phone.id, quantity: 1 }] },
    });
    const adjusted = await api.request(`${base}/stock-adjustment`, {
      token: idle.token,
      json: { note: 'Opname', items: [{ product_id: catalogue.A.phone.id, adjustment: -1 }] },
    });

    expect([updated.status, adjusted.status]).toEqual([403, 403]);
    expect(
      await api.db.select().from(vendorStocks).where(eq(vendorStocks.vendorId, api.world.vendors.V1)),
    ).toEqual(stockBefore);
    // The built-in Vendor role holds stock.update: the demo vendor keeps updating its stock.
    const own = await api.request(`${base}/product-stock/update`, {
      method: 'PUT',
      token: tokens.vendor1,
      json: { product_stocks: [{ product_id: catalogue.A.phone.id, quantity: 41 }] },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });
});

describe('the order detail', () => {
  it('shows the shipping number, receiver and photos to administrators only: not to the vendor who entered them', async () => {
    const placed = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
      status: 'delivered',
    });

    const asVendor = await api.request(`/api/vendor/${api.world.vendors.V1}/order/${placed.orderId}`, {
      token: tokens.vendor1,
    });
    const asAdmin = await api.request(`/api/brand/${api.world.brands.A}/order/${placed.orderId}`, {
      token: tokens.admin,
    });

    expect(asVendor.status).toBe(200);
    expect(asVendor.body.data).toMatchObject({
      shipping_number: null,
      receiver_name: null,
      delivery_photos: [],
      delivered_photos: [],
    });
    expect(asAdmin.body.data.shipping_number).toBe(`JNE${placed.orderId}0001`);
    expect(asAdmin.body.data.receiver_name).toBe('Siti Rahayu');
    expect(asAdmin.body.data.delivered_photos.length).toBeGreaterThan(0);
  });
});

describe('the audit log', () => {
  it("shows a vendor user holding vendor.user.index its own vendor's rows and none of another vendor's", async () => {
    for (const vendor of ['V1', 'V2'] as const) {
      await api.request(`/api/vendor/${api.world.vendors[vendor]}/role`, {
        token: tokens.admin,
        json: { name: `Jejak ${vendor} ${++sequence}` },
      });
    }

    const listed = await api.request('/api/audit-log', {
      token: tokens.vendor1,
      query: { per_page: 100, entity: 'role' },
    });

    expect(listed.status).toBe(200);
    const vendorIds = new Set(listed.body.data.map((row: { vendor_id: number | null }) => row.vendor_id));
    expect(vendorIds.has(api.world.vendors.V1)).toBe(true);
    expect([...vendorIds]).toEqual([api.world.vendors.V1]);
    const rows = await api.db.select().from(auditLogs).where(eq(auditLogs.vendorId, api.world.vendors.V2));
    expect(rows.length).toBeGreaterThan(0);
  });
});
