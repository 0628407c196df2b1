import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api';
import type { World } from '../support/world';

/**
 * The tenancy matrix: every brand and vendor read route × every role × own and foreign ids.
 * A record outside the caller's tenancy answers 404 (never 403), and no list holds a foreign row.
 */

const USERS = ['admin', 'keyAccount', 'brandA', 'brandB', 'vendor1', 'vendor2', 'vendor1Special'] as const;
type UserKey = (typeof USERS)[number];
type BrandKey = 'A' | 'B';
type VendorKey = 'V1' | 'V2' | 'V3';
type CategoryRef = { brand: BrandKey; index: 0 | 1 | 2 };

const BRANDS: BrandKey[] = ['A', 'B'];
const VENDORS: VendorKey[] = ['V1', 'V2', 'V3'];
const CATEGORIES: CategoryRef[] = BRANDS.flatMap((brand) =>
  ([0, 1, 2] as const).map((index) => ({ brand, index })),
);
const SERVES: Record<VendorKey, BrandKey[]> = { V1: ['A'], V2: ['B'], V3: ['A', 'B'] };

/** The brands a user acts on through /api/brand/{brand}: all, assigned, own; vendor users none. */
const BRAND_SCOPE: Record<UserKey, BrandKey[]> = {
  admin: ['A', 'B'],
  keyAccount: ['A'],
  brandA: ['A'],
  brandB: ['B'],
  vendor1: [],
  vendor2: [],
  vendor1Special: [],
};

/** The vendors a user reaches through /api/vendor/{vendor}: a vendor user only its own; brand side those serving its brands. */
const VENDOR_SCOPE: Record<UserKey, VendorKey[]> = {
  admin: ['V1', 'V2', 'V3'],
  keyAccount: ['V1', 'V3'],
  brandA: ['V1', 'V3'],
  brandB: ['V2', 'V3'],
  vendor1: ['V1'],
  vendor2: ['V2'],
  vendor1Special: ['V1'],
};

const VENDOR_USERS: UserKey[] = ['vendor1', 'vendor2', 'vendor1Special'];

/** Through a vendor, the brands whose data the user may see: all it serves for its own users, else only the user's brands. */
function brandsVisibleThrough(user: UserKey, vendor: VendorKey): BrandKey[] {
  if (!VENDOR_SCOPE[user].includes(vendor)) return [];
  if (VENDOR_USERS.includes(user)) return SERVES[vendor];
  return SERVES[vendor].filter((brand) => BRAND_SCOPE[user].includes(brand));
}

function describeCategory({ brand, index }: CategoryRef) {
  return index === 0 ? `the parent category of ${brand}` : `child category ${index} of ${brand}`;
}

let api: TestApi;
const tokens = {} as Record<UserKey, string>;

beforeAll(async () => {
  api = await startTestApi();
  for (const user of USERS) tokens[user] = await api.login(api.world.users[user].email);
});

afterAll(async () => {
  await api?.close();
});

function brandId(world: World, brand: BrandKey) {
  return world.brands[brand];
}

function categoryId(world: World, { brand, index }: CategoryRef) {
  const family = world.categories[brand];
  return index === 0 ? family.parent : family.children[index - 1];
}

function categoryIdsOf(world: World, brands: BrandKey[]) {
  return CATEGORIES.filter((ref) => brands.includes(ref.brand))
    .map((ref) => categoryId(world, ref))
    .sort((a, b) => a - b);
}

function ids(body: { data: { id: number }[] }) {
  return body.data.map((row) => row.id).sort((a, b) => a - b);
}

async function expectStatus(user: UserKey, path: string, status: Expected) {
  const response = await api.request(path, { token: tokens[user], query: { per_page: 1000 } });
  expect(response.status, `${user} GET ${path}`).toBe(status);
  if (status === 404) expect(response.body).toEqual({ message: expect.any(String) });
  return response;
}

type Expected = 200 | 404;

function verdict(allowed: boolean): Expected {
  return allowed ? 200 : 404;
}

function answer(expected: Expected) {
  return expected === 200 ? 'answers 200' : 'answers 404';
}

/**
 * What the brand-side staff read of a brand, their own and another: the rows of that brand only. Whether each
 * kind of account may call these routes at all is the generated access matrix's (tests/api/access-matrix.test.ts).
 */
const STAFF: UserKey[] = ['admin', 'keyAccount'];

describe('GET /api/brand/{brand} and its brand-scoped lists', () => {
  for (const user of STAFF) {
    for (const brand of BRANDS) {
      const expected = verdict(BRAND_SCOPE[user].includes(brand));
      it(`${user} reading brand ${brand}, its channels, vendors and categories ${answer(expected)}`, async () => {
        const id = brandId(api.world, brand);

        const shown = await expectStatus(user, `/api/brand/${id}`, expected);
        const channels = await expectStatus(user, `/api/brand/${id}/channel`, expected);
        const vendors = await expectStatus(user, `/api/brand/${id}/vendor`, expected);
        const categories = await expectStatus(user, `/api/brand/${id}/category`, expected);
        if (expected === 404) return;

        expect(shown.body.data.id).toBe(id);
        expect(channels.body.data.length).toBeGreaterThan(0);
        const serving = VENDORS.filter((vendor) => SERVES[vendor].includes(brand)).map(
          (vendor) => api.world.vendors[vendor],
        );
        expect(ids(vendors.body)).toEqual(serving.sort((a, b) => a - b));
        expect(ids(categories.body)).toEqual(categoryIdsOf(api.world, [brand]));
      });
    }
  }
});

describe('GET /api/brand/{brand}/vendor/{id}', () => {
  for (const user of STAFF) {
    for (const brand of BRANDS) {
      for (const vendor of VENDORS) {
        const expected = verdict(BRAND_SCOPE[user].includes(brand) && SERVES[vendor].includes(brand));
        it(`${user} reading vendor ${vendor} under brand ${brand} ${answer(expected)}`, async () => {
          const path = `/api/brand/${brandId(api.world, brand)}/vendor/${api.world.vendors[vendor]}`;
          const response = await expectStatus(user, path, expected);
          if (expected === 200) expect(response.body.data.id).toBe(api.world.vendors[vendor]);
        });
      }
    }
  }
});

describe('GET /api/brand/{brand}/category/{id}', () => {
  for (const user of USERS) {
    for (const brand of BRANDS) {
      for (const category of CATEGORIES) {
        const expected = verdict(BRAND_SCOPE[user].includes(brand) && category.brand === brand);
        it(`${user} reading ${describeCategory(category)} under brand ${brand} ${answer(expected)}`, async () => {
          const id = categoryId(api.world, category);
          const response = await expectStatus(
            user,
            `/api/brand/${brandId(api.world, brand)}/category/${id}`,
            expected,
          );
          if (expected === 200) expect(response.body.data.id).toBe(id);
        });
      }
    }
  }
});

describe('GET /api/vendor/{vendor}/category', () => {
  for (const user of USERS) {
    for (const vendor of VENDORS) {
      const expected = verdict(VENDOR_SCOPE[user].includes(vendor));
      const visible = brandsVisibleThrough(user, vendor);
      const title =
        expected === 200
          ? `${user} listing the categories of vendor ${vendor} sees those of brand ${visible.join(' and ')} only`
          : `${user} listing the categories of vendor ${vendor} answers 404`;
      it(title, async () => {
        const response = await expectStatus(
          user,
          `/api/vendor/${api.world.vendors[vendor]}/category`,
          expected,
        );
        if (expected === 200) expect(ids(response.body)).toEqual(categoryIdsOf(api.world, visible));
      });
    }
  }
});

describe('GET /api/vendor/{vendor}/category/{id}', () => {
  for (const user of USERS) {
    for (const vendor of VENDORS) {
      for (const category of CATEGORIES) {
        const expected = verdict(brandsVisibleThrough(user, vendor).includes(category.brand));
        it(`${user} reading ${describeCategory(category)} through vendor ${vendor} ${answer(expected)}`, async () => {
          const id = categoryId(api.world, category);
          const response = await expectStatus(
            user,
            `/api/vendor/${api.world.vendors[vendor]}/category/${id}`,
            expected,
          );
          if (expected === 200) expect(response.body.data.id).toBe(id);
        });
      }
    }
  }
});

function sortedBrandIds(brands: BrandKey[]) {
  return brands.map((brand) => brandId(api.world, brand)).sort((a, b) => a - b);
}

describe('GET /api/brand needs brand.index and lists only the brands of the user', () => {
  const listed: [UserKey, BrandKey[]][] = [
    ['admin', ['A', 'B']],
    ['keyAccount', ['A']],
  ];
  for (const [user, brands] of listed) {
    it(`${user} sees ${brands.length ? `brand ${brands.join(' and ')}` : 'no brand'}`, async () => {
      const response = await api.request('/api/brand', { token: tokens[user] });

      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual(sortedBrandIds(brands));
      expect(response.body.meta.total).toBe(brands.length);
    });
  }

  it.each(['brandA', 'brandB', 'vendor1', 'vendor2', 'vendor1Special'] as UserKey[])(
    '%s, without brand.index, gets 403',
    async (user) => {
      const response = await api.request('/api/brand', { token: tokens[user] });

      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'This action is unauthorized.' });
    },
  );
});

describe('GET /api/select/brand offers only the brands of the user', () => {
  const offered: [UserKey, BrandKey[]][] = [
    ['admin', ['A', 'B']],
    ['keyAccount', ['A']],
    ['brandA', ['A']],
    ['brandB', ['B']],
    ['vendor1', ['A']],
    ['vendor2', ['B']],
    ['vendor1Special', ['A']],
  ];
  for (const [user, brands] of offered) {
    it(`${user} is offered brand ${brands.join(' and ')}`, async () => {
      const response = await api.request('/api/select/brand', {
        token: tokens[user],
        query: { per_page: 1000 },
      });

      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual(sortedBrandIds(brands));
    });
  }
});

describe('ids that name nothing', () => {
  it.each(['999999', '0', '-1', '1.5', 'abc', '1e3', '9007199254740993'])(
    'answers 404 for brand id %s, even to an administrator',
    async (raw) => {
      for (const path of [`/api/brand/${raw}`, `/api/brand/${raw}/vendor`, `/api/brand/${raw}/category`]) {
        await expectStatus('admin', path, 404);
      }
      await expectStatus('admin', `/api/vendor/${raw}/category`, 404);
    },
  );

  it('answers 404 for a category or vendor id that does not exist inside an own brand', async () => {
    await expectStatus('brandA', `/api/brand/${api.world.brands.A}/category/999999`, 404);
    await expectStatus('keyAccount', `/api/brand/${api.world.brands.A}/vendor/999999`, 404);
    await expectStatus('vendor1', `/api/vendor/${api.world.vendors.V1}/category/999999`, 404);
  });
});

describe('every brand and vendor route needs a token', () => {
  it('answers 401 without one', async () => {
    const paths = [
      '/api/brand',
      '/api/select/brand',
      `/api/brand/${api.world.brands.A}`,
      `/api/brand/${api.world.brands.A}/channel`,
      `/api/brand/${api.world.brands.A}/vendor`,
      `/api/brand/${api.world.brands.A}/vendor/${api.world.vendors.V1}`,
      `/api/brand/${api.world.brands.A}/category`,
      `/api/brand/${api.world.brands.A}/category/${api.world.categories.A.parent}`,
      `/api/vendor/${api.world.vendors.V1}/category`,
      `/api/vendor/${api.world.vendors.V1}/category/${api.world.categories.A.parent}`,
    ];
    for (const path of paths) {
      const response = await api.request(path);
      expect(response.status, path).toBe(401);
      expect(response.body).toEqual({ message: 'Unauthenticated.' });
    }
  });
});
