import { sql } from 'drizzle-orm';
import type { Database } from '../../api/db/client';
import {
  brandChannels,
  brands,
  categories,
  channels,
  gateSettingPermissions,
  gateSettings,
  permissions,
  roles,
  userBrands,
  users,
  vendorBrands,
  vendors,
} from '../../api/db/schema';
import { hashPassword } from '../../api/domains/account/passwords';

export const WORLD_PASSWORD = 'rahasia-123';

const ROLE_IDS = { administrator: 1, vendor: 2, brand: 3, keyAccount: 4 } as const;

/** Platform staff hold the brand-side permissions; a brand user none of brand.index; a vendor only its settings. */
const GRANTS: Record<number, string[]> = {
  [ROLE_IDS.administrator]: [
    'brand.index',
    'brand.store',
    'brand.update',
    'brand.destroy',
    'vendor.index',
    'category.index',
    'channel.index',
    'user.index',
  ],
  [ROLE_IDS.keyAccount]: [
    'brand.index',
    'brand.store',
    'brand.update',
    'brand.destroy',
    'vendor.index',
    'category.index',
    'channel.index',
    'user.index',
  ],
  [ROLE_IDS.brand]: ['category.index', 'order.index', 'dashboard.index'],
  [ROLE_IDS.vendor]: ['vendor.user.index'],
};

export type WorldUserKey =
  'admin' | 'keyAccount' | 'brandA' | 'brandB' | 'vendor1' | 'vendor2' | 'vendor1Special' | 'inactive';

export type WorldUser = { id: number; email: string; name: string; roleId: number };

export type CategoryFamily = { parent: number; children: [number, number] };

export type World = {
  password: string;
  roles: typeof ROLE_IDS;
  permissions: Record<number, string[]>;
  channels: { tokopedia: number; shopee: number };
  brands: { A: number; B: number };
  vendors: { V1: number; V2: number; V3: number };
  /** The brands each vendor serves. */
  vendorBrands: { V1: number[]; V2: number[]; V3: number[] };
  categories: { A: CategoryFamily; B: CategoryFamily };
  users: Record<WorldUserKey, WorldUser>;
};

/** A small fixed tenancy world: two brands, three vendors, one user of each kind; every user's password is WORLD_PASSWORD. */
export async function createWorld(db: Database): Promise<World> {
  await db.insert(roles).values([
    { id: ROLE_IDS.administrator, name: 'Administrator' },
    { id: ROLE_IDS.vendor, name: 'Vendor' },
    { id: ROLE_IDS.brand, name: 'Brand' },
    { id: ROLE_IDS.keyAccount, name: 'Key Account' },
  ]);
  await db.execute(sql`select setval(pg_get_serial_sequence('roles', 'id'), 10)`);

  const names = [...new Set(Object.values(GRANTS).flat())];
  const permissionRows = await db
    .insert(permissions)
    .values(names.map((name) => ({ name })))
    .returning({ id: permissions.id, name: permissions.name });
  const permissionId = new Map(permissionRows.map((row) => [row.name, row.id]));
  for (const [roleId, granted] of Object.entries(GRANTS)) {
    const [gate] = await db
      .insert(gateSettings)
      .values({ roleId: Number(roleId) })
      .returning({ id: gateSettings.id });
    await db
      .insert(gateSettingPermissions)
      .values(
        granted.map((name) => ({ gateSettingId: gate.id, permissionId: permissionId.get(name) as number })),
      );
  }

  await db.insert(channels).values([
    { id: 1, name: 'Tokopedia', code: 'tokopedia' },
    { id: 2, name: 'Shopee', code: 'shopee' },
  ]);
  await db.execute(sql`select setval(pg_get_serial_sequence('channels', 'id'), 10)`);

  const [brandA, brandB] = await db
    .insert(brands)
    .values([
      { name: 'Brand A', city: 'Jakarta' },
      { name: 'Brand B', city: 'Bandung' },
    ])
    .returning({ id: brands.id });
  await db.insert(brandChannels).values([
    { brandId: brandA.id, channelId: 1, shopId: 'shop-a-tokopedia' },
    { brandId: brandA.id, channelId: 2, shopId: 'shop-a-shopee' },
    { brandId: brandB.id, channelId: 1, shopId: 'shop-b-tokopedia' },
  ]);

  const [v1, v2, v3] = await db
    .insert(vendors)
    .values([
      { name: 'Vendor Satu', city: 'Jakarta' },
      { name: 'Vendor Dua', city: 'Bandung' },
      { name: 'Vendor Tiga', city: 'Surabaya', isPriority: true },
    ])
    .returning({ id: vendors.id });
  const served = { V1: [brandA.id], V2: [brandB.id], V3: [brandA.id, brandB.id] };
  await db.insert(vendorBrands).values([
    { vendorId: v1.id, brandId: brandA.id },
    { vendorId: v2.id, brandId: brandB.id },
    { vendorId: v3.id, brandId: brandA.id },
    { vendorId: v3.id, brandId: brandB.id },
  ]);

  async function categoryFamily(
    brandId: number,
    parentName: string,
    childNames: [string, string],
  ): Promise<CategoryFamily> {
    const [parent] = await db
      .insert(categories)
      .values({ brandId, name: parentName })
      .returning({ id: categories.id });
    const children = await db
      .insert(categories)
      .values(childNames.map((name) => ({ brandId, name, parentId: parent.id })))
      .returning({ id: categories.id });
    return { parent: parent.id, children: [children[0].id, children[1].id] };
  }
  const categoriesA = await categoryFamily(brandA.id, 'Elektronik', ['Laptop', 'Ponsel']);
  const categoriesB = await categoryFamily(brandB.id, 'Fashion', ['Baju', 'Celana']);

  const passwordHash = await hashPassword(WORLD_PASSWORD);
  const seeds: Record<WorldUserKey, Omit<typeof users.$inferInsert, 'passwordHash'>> = {
    admin: {
      name: 'Admin Satu',
      email: 'admin@world.test',
      roleId: ROLE_IDS.administrator,
      currentBrandId: brandA.id,
    },
    keyAccount: {
      name: 'Key Account Satu',
      email: 'keyaccount@world.test',
      roleId: ROLE_IDS.keyAccount,
      currentBrandId: brandA.id,
    },
    brandA: {
      name: 'Brand A User',
      email: 'brand.a@world.test',
      roleId: ROLE_IDS.brand,
      brandId: brandA.id,
      currentBrandId: brandA.id,
    },
    brandB: {
      name: 'Brand B User',
      email: 'brand.b@world.test',
      roleId: ROLE_IDS.brand,
      brandId: brandB.id,
      currentBrandId: brandB.id,
    },
    vendor1: {
      name: 'Vendor Satu User',
      email: 'vendor1@world.test',
      roleId: ROLE_IDS.vendor,
      vendorId: v1.id,
    },
    vendor2: {
      name: 'Vendor Dua User',
      email: 'vendor2@world.test',
      roleId: ROLE_IDS.vendor,
      vendorId: v2.id,
    },
    vendor1Special: {
      name: 'Vendor Satu Special',
      email: 'vendor1.special@world.test',
      roleId: ROLE_IDS.vendor,
      vendorId: v1.id,
      isSpecialAccount: true,
    },
    inactive: {
      name: 'Tidak Aktif',
      email: 'inactive@world.test',
      roleId: ROLE_IDS.brand,
      brandId: brandA.id,
      isActive: false,
    },
  };
  const keys = Object.keys(seeds) as WorldUserKey[];
  const rows = await db
    .insert(users)
    .values(keys.map((key, index) => ({ ...seeds[key], passwordHash, mobilePhone: `08120000000${index}` })))
    .returning({ id: users.id, email: users.email, name: users.name, roleId: users.roleId });
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  const worldUsers = Object.fromEntries(
    keys.map((key) => [key, byEmail.get(seeds[key].email) as WorldUser]),
  ) as Record<WorldUserKey, WorldUser>;
  await db.insert(userBrands).values({ userId: worldUsers.keyAccount.id, brandId: brandA.id });

  return {
    password: WORLD_PASSWORD,
    roles: ROLE_IDS,
    permissions: GRANTS,
    channels: { tokopedia: 1, shopee: 2 },
    brands: { A: brandA.id, B: brandB.id },
    vendors: { V1: v1.id, V2: v2.id, V3: v3.id },
    vendorBrands: served,
    categories: { A: categoriesA, B: categoriesB },
    users: worldUsers,
  };
}
