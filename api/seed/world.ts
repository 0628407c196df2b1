import { KIND } from '../../contract/access';
import type { Executor } from '../db/client';
import {
  banks,
  brandChannels,
  brands,
  categories,
  channels,
  roles,
  shippingMethods,
  userBrands,
  users,
  vendorAreas,
  vendorBrands,
  vendors,
} from '../db/schema';
import { grantBuiltInRoles } from '../access/permission-sync';
import { bulkInsert } from './bulk-insert';
import type { Random } from './random';
import {
  BANK_NAMES,
  BRANDS,
  CITIES,
  FEMALE_NAMES,
  LAST_NAMES,
  MALE_NAMES,
  ROLE_NAMES,
  SHIPPING_METHOD_NAMES,
  STREETS,
  VENDOR_CITIES,
  VENDOR_NAMES,
  type BrandSeed,
  type ChannelCode,
  type City,
} from './reference-data';
import { DAY } from './time';

export const ROLE = KIND;

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = {
  admin: 'admin@demo.test',
  keyAccount: 'keyaccount@demo.test',
  brand: 'brand@demo.test',
  vendor: 'vendor@demo.test',
  vendorSpecial: 'vendor.special@demo.test',
} as const;

export type WorldChannel = { id: number; code: ChannelCode; name: string };

export type LeafCategory = {
  id: number;
  brandId: number;
  name: string;
  types: readonly string[];
  price: readonly [number, number];
  weight: readonly [number, number];
};

export type WorldBrand = { id: number; name: string; code: string; seed: BrandSeed; leaves: LeafCategory[] };

export type WorldVendor = {
  id: number;
  name: string;
  city: City;
  isPriority: boolean;
  brandIds: number[];
  areaCities: string[];
  /** Multiplies the hours this vendor takes to get an order ready, so each vendor has its own SLA. */
  slaFactor: number;
};

export type World = {
  now: Date;
  channels: WorldChannel[];
  brands: WorldBrand[];
  vendors: WorldVendor[];
  demoVendorId: number;
  adminId: number;
  keyAccountId: number;
  /** Users who hear about a brand's orders and stock: its brand users, key accounts and administrators. */
  brandAudience: Map<number, number[]>;
  /** The users of each vendor; the first one acts for the vendor in generated history. */
  vendorUsers: Map<number, number[]>;
  /** The brand user who records returns. */
  brandOperator: Map<number, number>;
  bankIds: number[];
};

export function cityByName(name: string): City {
  const city = CITIES.find((candidate) => candidate.name === name);
  if (!city) throw new Error(`Unknown city ${name}`);
  return city;
}

export function mobilePhone(rng: Random): string {
  return `08${rng.pick(['12', '13', '21', '22', '52', '57', '77', '78', '95'])}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
}

function postalCode(rng: Random, city: City) {
  return `${city.postalPrefix}${String(rng.int(110, 999))}`;
}

function streetAddress(rng: Random, city: City) {
  return `${rng.pick(STREETS)} No. ${rng.int(1, 250)}, ${rng.pick(city.subDistricts)}, ${city.name}`;
}

/** The four built-in roles, each holding what the contract gives it (contract/access.ts BUILT_IN_GRANTS). */
async function seedAccessControl(db: Executor, now: Date) {
  await bulkInsert(
    db,
    roles,
    ROLE_NAMES.map((name, index) => ({ id: index + 1, name, createdAt: now, updatedAt: now })),
  );
  await grantBuiltInRoles(db, now);
}

async function seedTenants(db: Executor, rng: Random, now: Date) {
  const since = new Date(now.getTime() - 400 * DAY);
  const worldChannels: WorldChannel[] = [
    { id: 1, code: 'tokopedia', name: 'Tokopedia' },
    { id: 2, code: 'shopee', name: 'Shopee' },
  ];
  await bulkInsert(
    db,
    channels,
    worldChannels.map((channel) => ({ ...channel, createdAt: since, updatedAt: since })),
  );
  await bulkInsert(
    db,
    shippingMethods,
    worldChannels.flatMap((channel, index) =>
      SHIPPING_METHOD_NAMES.map((name, position) => ({
        id: index * SHIPPING_METHOD_NAMES.length + position + 1,
        channelId: channel.id,
        name,
        createdAt: since,
        updatedAt: since,
      })),
    ),
  );

  let categoryId = 0;
  const categoryRows: (typeof categories.$inferInsert)[] = [];
  const worldBrands: WorldBrand[] = BRANDS.map((seed, index) => {
    const id = index + 1;
    const leaves: LeafCategory[] = [];
    for (const parent of seed.categories) {
      const parentId = ++categoryId;
      categoryRows.push({
        id: parentId,
        brandId: id,
        parentId: null,
        name: parent.name,
        createdAt: since,
        updatedAt: since,
      });
      for (const child of parent.children) {
        const childId = ++categoryId;
        categoryRows.push({
          id: childId,
          brandId: id,
          parentId,
          name: child.name,
          createdAt: since,
          updatedAt: since,
        });
        leaves.push({
          id: childId,
          brandId: id,
          name: child.name,
          types: child.types,
          price: child.price,
          weight: child.weight,
        });
      }
    }
    return { id, name: seed.name, code: seed.code, seed, leaves };
  });
  await bulkInsert(
    db,
    brands,
    worldBrands.map((brand) => {
      const city = cityByName(brand.seed.city);
      return {
        id: brand.id,
        name: brand.name,
        address: brand.seed.address,
        city: city.name,
        postalCode: postalCode(rng, city),
        telephone: brand.seed.telephone,
        fax: brand.seed.telephone.replace(/\d$/, '9'),
        lat: city.lat,
        lng: city.lng,
        createdAt: since,
        updatedAt: since,
      };
    }),
  );
  await bulkInsert(
    db,
    brandChannels,
    worldBrands.flatMap((brand) =>
      worldChannels.map((channel) => ({
        brandId: brand.id,
        channelId: channel.id,
        shopId: String(10_000_000 + brand.id * 1_000_003 + channel.id * 7_919),
        channelMeta: channel.code === 'tokopedia' ? { is_tkpd_official: brand.id === 1 } : {},
        createdAt: since,
        updatedAt: since,
      })),
    ),
  );
  await bulkInsert(db, categories, categoryRows);

  const worldVendors: WorldVendor[] = VENDOR_CITIES.map((cityName, index) => {
    const id = index + 1;
    const city = cityByName(cityName);
    const brandIds = id === 1 || id % 4 === 0 ? [1, 2] : id % 2 === 1 ? [1] : [2];
    const areaCities = [city.name, ...rng.sample(city.neighbours, rng.int(1, 2))];
    return {
      id,
      name: VENDOR_NAMES[index],
      city,
      isPriority: id === 1 || id === 3 || id === 8,
      brandIds,
      areaCities,
      slaFactor: 0.5 + rng.next() * 1.3,
    };
  });
  await bulkInsert(
    db,
    vendors,
    worldVendors.map((vendor) => ({
      id: vendor.id,
      name: vendor.name,
      address: streetAddress(rng, vendor.city),
      city: vendor.city.name,
      postalCode: postalCode(rng, vendor.city),
      telephone: mobilePhone(rng),
      lat: vendor.city.lat + (rng.next() - 0.5) * 0.05,
      lng: vendor.city.lng + (rng.next() - 0.5) * 0.05,
      isPriority: vendor.isPriority,
      createdAt: since,
      updatedAt: since,
    })),
  );
  await bulkInsert(
    db,
    vendorBrands,
    worldVendors.flatMap((vendor) => vendor.brandIds.map((brandId) => ({ vendorId: vendor.id, brandId }))),
  );
  await bulkInsert(
    db,
    vendorAreas,
    worldVendors.flatMap((vendor) =>
      vendor.areaCities.map((name) => {
        const city = cityByName(name);
        return {
          vendorId: vendor.id,
          province: city.province,
          city: city.name,
          createdAt: since,
          updatedAt: since,
        };
      }),
    ),
  );
  await bulkInsert(
    db,
    banks,
    BANK_NAMES.map((name, index) => ({ id: index + 1, name, createdAt: since, updatedAt: since })),
  );
  return { worldChannels, worldBrands, worldVendors, bankIds: BANK_NAMES.map((_, index) => index + 1) };
}

type UserSeed = {
  name: string;
  email: string;
  roleId: number;
  brandId?: number;
  vendorId?: number;
  currentBrandId?: number;
  isSpecialAccount?: boolean;
  mobilePhone: string;
};

async function seedUsers(
  db: Executor,
  rng: Random,
  now: Date,
  passwordHash: string,
  worldBrands: WorldBrand[],
  worldVendors: WorldVendor[],
) {
  const demoVendorId = 1;
  const seeds: UserSeed[] = [
    {
      name: 'Admin Demo',
      email: DEMO_ACCOUNTS.admin,
      roleId: ROLE.administrator,
      currentBrandId: 1,
      mobilePhone: '081234567890',
    },
    {
      name: 'Key Account Demo',
      email: DEMO_ACCOUNTS.keyAccount,
      roleId: ROLE.keyAccount,
      currentBrandId: 1,
      mobilePhone: '081234567891',
    },
    {
      name: 'Brand Demo',
      email: DEMO_ACCOUNTS.brand,
      roleId: ROLE.brand,
      brandId: 1,
      currentBrandId: 1,
      mobilePhone: '081234567892',
    },
    {
      name: 'Vendor Demo',
      email: DEMO_ACCOUNTS.vendor,
      roleId: ROLE.vendor,
      vendorId: demoVendorId,
      mobilePhone: '081234567893',
    },
    {
      name: 'Vendor Special Demo',
      email: DEMO_ACCOUNTS.vendorSpecial,
      roleId: ROLE.vendor,
      vendorId: demoVendorId,
      isSpecialAccount: true,
      mobilePhone: '081234567894',
    },
  ];
  const emails = new Set(seeds.map((seed) => seed.email));
  function staff(extra: Omit<UserSeed, 'name' | 'email' | 'mobilePhone'>) {
    const first = rng.chance(0.5) ? rng.pick(MALE_NAMES) : rng.pick(FEMALE_NAMES);
    const last = rng.pick(LAST_NAMES);
    let email = `${first}.${last}@demo.test`.toLowerCase();
    for (let n = 2; emails.has(email); n++) email = `${first}.${last}${n}@demo.test`.toLowerCase();
    emails.add(email);
    seeds.push({ name: `${first} ${last}`, email, mobilePhone: mobilePhone(rng), ...extra });
  }
  staff({ roleId: ROLE.keyAccount, currentBrandId: 2 });
  for (const brand of worldBrands) {
    for (let n = 0; n < 2; n++) staff({ roleId: ROLE.brand, brandId: brand.id, currentBrandId: brand.id });
  }
  for (const vendor of worldVendors) {
    for (let n = vendor.id === demoVendorId ? 1 : rng.int(1, 2); n > 0; n--)
      staff({ roleId: ROLE.vendor, vendorId: vendor.id });
  }

  const rows = seeds.map((seed, index) => ({
    id: index + 1,
    name: seed.name,
    email: seed.email,
    mobilePhone: seed.mobilePhone,
    passwordHash,
    roleId: seed.roleId,
    brandId: seed.brandId ?? null,
    vendorId: seed.vendorId ?? null,
    currentBrandId: seed.currentBrandId ?? null,
    isSpecialAccount: seed.isSpecialAccount ?? false,
    isActive: true,
    createdAt: new Date(now.getTime() - 380 * DAY),
    updatedAt: new Date(now.getTime() - 380 * DAY),
  }));
  await bulkInsert(db, users, rows);

  const keyAccounts = rows.filter((row) => row.roleId === ROLE.keyAccount);
  const keyAccountBrands = keyAccounts.flatMap((row) =>
    row.email === DEMO_ACCOUNTS.keyAccount
      ? worldBrands.map((brand) => ({ userId: row.id, brandId: brand.id }))
      : [{ userId: row.id, brandId: row.currentBrandId as number }],
  );
  await bulkInsert(db, userBrands, keyAccountBrands);

  const brandAudience = new Map<number, number[]>();
  const brandOperator = new Map<number, number>();
  for (const brand of worldBrands) {
    const brandUsers = rows
      .filter((row) => row.roleId === ROLE.brand && row.brandId === brand.id)
      .map((row) => row.id);
    const managers = keyAccountBrands.filter((link) => link.brandId === brand.id).map((link) => link.userId);
    const admins = rows
      .filter((row) => row.roleId === ROLE.administrator && row.currentBrandId === brand.id)
      .map((row) => row.id);
    brandAudience.set(brand.id, [...brandUsers, ...managers, ...admins]);
    brandOperator.set(brand.id, brandUsers[0]);
  }
  const vendorUsers = new Map<number, number[]>();
  for (const vendor of worldVendors) {
    vendorUsers.set(
      vendor.id,
      rows.filter((row) => row.vendorId === vendor.id).map((row) => row.id),
    );
  }
  return { demoVendorId, brandAudience, brandOperator, vendorUsers, adminId: 1, keyAccountId: 2 };
}

/** Roles, permissions, channels, brands, vendors, categories, banks and users: everything the sales refer to. */
export async function seedWorld({
  db,
  rng,
  now,
  passwordHash,
}: {
  db: Executor;
  rng: Random;
  now: Date;
  passwordHash: string;
}): Promise<World> {
  await seedAccessControl(db, now);
  const { worldChannels, worldBrands, worldVendors, bankIds } = await seedTenants(db, rng, now);
  const people = await seedUsers(db, rng, now, passwordHash, worldBrands, worldVendors);
  return { now, channels: worldChannels, brands: worldBrands, vendors: worldVendors, bankIds, ...people };
}
