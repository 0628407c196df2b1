import { eq } from 'drizzle-orm';
import {
  brandChannels,
  brands,
  categories,
  gateSettingPermissions,
  gateSettings,
  products,
  roles,
  stockMovements,
  userBrands,
  users,
  vendorBrands,
  vendorStocks,
  vendors,
} from '../../api/db/schema';
import { hashPassword } from '../../api/access/passwords';
import { permissionIdsByName } from '../../api/access/permission-sync';
import { KIND, type Actor, type Permission } from '../../contract/access';
import type { TestApi } from './api';
import { CATALOGUE_STOCK, type CatalogueProduct } from './world';

/** A brand of the access world: A and B of the test world, and C that only one actor reaches. */
export type BrandKey = 'A' | 'B' | 'C';
/** V1 serves A, V2 serves B, V3 serves A and B, V4 serves C. */
export type VendorKey = 'V1' | 'V2' | 'V3' | 'V4';

/** Where a request's records live: a brand, and a vendor serving it. */
export type Tenant = { brand: BrandKey; vendor: VendorKey };

export type MatrixActor = {
  key: string;
  token: string;
  /** The account as `can()` sees it, read from GET /api/account as the web app reads it. */
  account: Actor;
  reach: readonly BrandKey[] | 'all';
  /** Records of its own tenant; `foreign`: of a tenant outside its reach (none for administrators). */
  own: Tenant;
  foreign?: Tenant;
  /** A vendor it sees through one brand only, serving another brand too: readable, not changeable. */
  sharedVendor?: VendorKey;
};

export type AccessWorld = {
  api: TestApi;
  brands: Record<BrandKey, number>;
  vendors: Record<VendorKey, number>;
  /** A product of each brand with stock at every vendor serving it. */
  products: Record<BrandKey, CatalogueProduct>;
  actors: MatrixActor[];
  adminToken: string;
};

let sequence = 0;
function unique(prefix: string) {
  return `${prefix}-${process.pid}-${++sequence}`;
}

/** Brand C, Vendor Empat serving it, and a product of each brand stocked at every vendor serving it. */
async function extendWorld(api: TestApi) {
  const { db, world } = api;
  const [brandC] = await db.insert(brands).values({ name: 'Brand C', city: 'Medan' }).returning();
  await db.insert(brandChannels).values({ brandId: brandC.id, channelId: 1, shopId: 'shop-c-tokopedia' });
  const [v4] = await db.insert(vendors).values({ name: 'Vendor Empat', city: 'Medan' }).returning();
  await db.insert(vendorBrands).values({ vendorId: v4.id, brandId: brandC.id });
  const [categoryC] = await db.insert(categories).values({ brandId: brandC.id, name: 'Dapur' }).returning();
  const brandIds: Record<BrandKey, number> = { A: world.brands.A, B: world.brands.B, C: brandC.id };
  const vendorIds: Record<VendorKey, number> = { ...world.vendors, V4: v4.id };
  const servedBy: Record<BrandKey, VendorKey[]> = { A: ['V1', 'V3'], B: ['V2', 'V3'], C: ['V4'] };
  const categoryOf: Record<BrandKey, number> = {
    A: world.categories.A.parent,
    B: world.categories.B.parent,
    C: categoryC.id,
  };
  const made = {} as Record<BrandKey, CatalogueProduct>;
  for (const brand of ['A', 'B', 'C'] as const) {
    const sku = unique(`MTX-${brand}`);
    const [product] = await db
      .insert(products)
      .values({
        brandId: brandIds[brand],
        categoryId: categoryOf[brand],
        name: `Barang ${brand}`,
        sku,
        vendorPrice: 100_000,
      })
      .returning();
    made[brand] = {
      id: product.id,
      sku,
      name: product.name,
      price: 150_000,
      weight: 100,
      categoryId: categoryOf[brand],
    };
    for (const vendor of servedBy[brand]) {
      const vendorId = vendorIds[vendor];
      await db
        .insert(vendorStocks)
        .values({ vendorId, productId: product.id, quantity: CATALOGUE_STOCK * 20, reserved: 0 });
      await db.insert(stockMovements).values({
        vendorId,
        productId: product.id,
        kind: 'import',
        quantity: CATALOGUE_STOCK * 20,
        balanceAfter: CATALOGUE_STOCK * 20,
        note: 'Stok awal',
      });
    }
  }
  return { brandIds, vendorIds, products: made };
}

/** A role of its own (global, a brand's or a vendor's) holding exactly `held`. */
async function customRole(
  api: TestApi,
  input: { name: string; held: readonly Permission[]; brandId?: number; vendorId?: number },
) {
  const [role] = await api.db
    .insert(roles)
    .values({ name: input.name, brandId: input.brandId ?? null, vendorId: input.vendorId ?? null })
    .returning();
  const [setting] = await api.db.insert(gateSettings).values({ roleId: role.id }).returning();
  const ids = await permissionIdsByName(api.db);
  if (input.held.length) {
    await api.db
      .insert(gateSettingPermissions)
      .values(
        input.held.map((name) => ({ gateSettingId: setting.id, permissionId: ids.get(name) as number })),
      );
  }
  return role.id;
}

type AccountSeed = {
  key: string;
  kind: number;
  brandId?: number;
  vendorId?: number;
  keyAccountBrands?: number[];
  assignedRoleId?: number;
};

async function account(api: TestApi, seed: AccountSeed, passwordHash: string) {
  const email = `${unique(seed.key).toLowerCase()}@matrix.test`;
  const [row] = await api.db
    .insert(users)
    .values({
      name: seed.key,
      email,
      passwordHash,
      mobilePhone: '081200000099',
      roleId: seed.kind,
      brandId: seed.brandId ?? null,
      vendorId: seed.vendorId ?? null,
      currentBrandId: seed.brandId ?? seed.keyAccountBrands?.[0] ?? null,
      assignedRoleId: seed.assignedRoleId ?? null,
    })
    .returning();
  if (seed.keyAccountBrands?.length) {
    await api.db
      .insert(userBrands)
      .values(seed.keyAccountBrands.map((brandId) => ({ userId: row.id, brandId })));
  }
  return email;
}

/** The account as the web app reads it (kind, permissions, special), from the API itself. */
async function accountOf(api: TestApi, token: string): Promise<Actor> {
  const { body } = await api.request('/api/account', { token });
  return {
    kind: body.data.role_id,
    permissions: body.data.permissions,
    special: body.data.is_special_account,
  };
}

/**
 * The access world: the test world, brand C and Vendor Empat, and one signed-in account of every kind the access
 * rules tell apart: an administrator; key accounts of one brand and of two; a key account on a custom global
 * role; brand users on the built-in role, on a role holding the brand side's settings, and on a role holding
 * nothing; vendor users of a one-brand and of a two-brand vendor, on a role holding nothing, and a special one.
 */
export async function createAccessWorld(api: TestApi): Promise<AccessWorld> {
  const { brandIds, vendorIds, products: made } = await extendWorld(api);
  const { world } = api;
  const passwordHash = await hashPassword(world.password);
  const settings: Permission[] = ['user', 'role', 'gate-setting'].flatMap((area) =>
    ['index', 'store', 'update', 'destroy'].map((action) => `vendor.${area}.${action}` as Permission),
  );
  const customKeyRole = await customRole(api, {
    name: 'Analis',
    held: ['dashboard.index', 'order.index', 'invoice.index', 'stock.index', 'customer.index'],
  });
  const brandManagerRole = await customRole(api, {
    name: 'Pengelola Brand',
    brandId: world.brands.A,
    held: ['dashboard.index', 'order.index', 'stock.index', ...settings],
  });
  const brandNoneRole = await customRole(api, { name: 'Tamu Brand', brandId: world.brands.A, held: [] });
  const vendorNoneRole = await customRole(api, { name: 'Tamu Vendor', vendorId: world.vendors.V1, held: [] });

  const seeds: (AccountSeed & Pick<MatrixActor, 'own' | 'foreign' | 'sharedVendor' | 'reach'>)[] = [
    { key: 'admin', kind: KIND.administrator, reach: 'all', own: { brand: 'A', vendor: 'V1' } },
    {
      key: 'keyAccountA',
      kind: KIND.keyAccount,
      keyAccountBrands: [brandIds.A],
      reach: ['A'],
      own: { brand: 'A', vendor: 'V1' },
      foreign: { brand: 'B', vendor: 'V2' },
      sharedVendor: 'V3',
    },
    {
      key: 'keyAccountAB',
      kind: KIND.keyAccount,
      keyAccountBrands: [brandIds.A, brandIds.B],
      reach: ['A', 'B'],
      own: { brand: 'B', vendor: 'V3' },
      foreign: { brand: 'C', vendor: 'V4' },
    },
    {
      key: 'keyAccountCustom',
      kind: KIND.keyAccount,
      keyAccountBrands: [brandIds.A],
      assignedRoleId: customKeyRole,
      reach: ['A'],
      own: { brand: 'A', vendor: 'V1' },
      foreign: { brand: 'B', vendor: 'V2' },
      sharedVendor: 'V3',
    },
    {
      key: 'brandA',
      kind: KIND.brand,
      brandId: brandIds.A,
      reach: ['A'],
      own: { brand: 'A', vendor: 'V1' },
      foreign: { brand: 'B', vendor: 'V2' },
      sharedVendor: 'V3',
    },
    {
      key: 'brandAManager',
      kind: KIND.brand,
      brandId: brandIds.A,
      assignedRoleId: brandManagerRole,
      reach: ['A'],
      own: { brand: 'A', vendor: 'V1' },
      foreign: { brand: 'B', vendor: 'V2' },
      sharedVendor: 'V3',
    },
    {
      key: 'brandANone',
      kind: KIND.brand,
      brandId: brandIds.A,
      assignedRoleId: brandNoneRole,
      reach: ['A'],
      own: { brand: 'A', vendor: 'V1' },
      foreign: { brand: 'B', vendor: 'V2' },
    },
    {
      key: 'vendor1',
      kind: KIND.vendor,
      vendorId: vendorIds.V1,
      reach: ['A'],
      own: { brand: 'A', vendor: 'V1' },
      foreign: { brand: 'B', vendor: 'V2' },
    },
    {
      key: 'vendor3',
      kind: KIND.vendor,
      vendorId: vendorIds.V3,
      reach: ['A', 'B'],
      own: { brand: 'B', vendor: 'V3' },
      foreign: { brand: 'C', vendor: 'V4' },
    },
    {
      key: 'vendor1None',
      kind: KIND.vendor,
      vendorId: vendorIds.V1,
      assignedRoleId: vendorNoneRole,
      reach: ['A'],
      own: { brand: 'A', vendor: 'V1' },
      foreign: { brand: 'B', vendor: 'V2' },
    },
    {
      key: 'vendor1Special',
      kind: KIND.vendor,
      vendorId: vendorIds.V1,
      reach: ['A'],
      own: { brand: 'A', vendor: 'V1' },
      foreign: { brand: 'B', vendor: 'V2' },
    },
  ];
  const actors: MatrixActor[] = [];
  for (const { key, reach, own, foreign, sharedVendor, ...seed } of seeds) {
    const email = await account(api, { key, ...seed }, passwordHash);
    if (key === 'vendor1Special')
      await api.db.update(users).set({ isSpecialAccount: true }).where(eq(users.email, email));
    const token = await api.login(email);
    actors.push({ key, token, account: await accountOf(api, token), reach, own, foreign, sharedVendor });
  }
  return {
    api,
    brands: brandIds,
    vendors: vendorIds,
    products: made,
    actors,
    adminToken: actors[0].token,
  };
}
