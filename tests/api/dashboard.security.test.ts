import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetsOf } from '../../api/domains/dashboard/widgets';
import { rebuildRollups } from '../../api/seed/rollups';
import { startTestApi, type TestApi } from '../support/api';
import { insertProduct, insertSale } from '../support/world';

/**
 * The tenancy matrix of the dashboard widgets: every widget path × every role × own and foreign brands and vendors.
 * Outside the caller's tenancy every path answers 404 (never 403, never a validation error that would tell the
 * brand or vendor exists), and through a vendor a brand-side user sees only its own brands' figures.
 */

const USERS = ['admin', 'keyAccount', 'brandA', 'brandB', 'vendor1', 'vendor2', 'vendor1Special'] as const;
type UserKey = (typeof USERS)[number];
type BrandKey = 'A' | 'B';
type VendorKey = 'V1' | 'V2' | 'V3';

const BRAND_SCOPE: Record<UserKey, BrandKey[]> = {
  admin: ['A', 'B'],
  keyAccount: ['A'],
  brandA: ['A'],
  brandB: ['B'],
  vendor1: [],
  vendor2: [],
  vendor1Special: [],
};

const VENDOR_SCOPE: Record<UserKey, VendorKey[]> = {
  admin: ['V1', 'V2', 'V3'],
  keyAccount: ['V1', 'V3'],
  brandA: ['V1', 'V3'],
  brandB: ['V2', 'V3'],
  vendor1: ['V1'],
  vendor2: ['V2'],
  vendor1Special: ['V1'],
};

/** The dashboard widgets the brand side and the vendor side both answer; each side's own follow. */
const SHARED_PATHS = [
  'customer/card',
  'customer/card/new-customer',
  'customer/card/customer-regular',
  'customer/card/loyal-customer',
  'customer/chart/new-customer-period',
  'customer/chart/customer-regular-period',
  'customer/chart/loyal-customer-period',
  'customer/chart/customer-gender-period',
  'customer/chart/customer-payment-method',
  'customer/chart/customer-city',
  'customer/table/customer-city',
  'product/card/gross-margin',
  'product/card/sold-product',
  'product/card/in-stock-rate',
  'product/card/average-in-stock-rate',
  'product/card/average-run-rate',
  'product/card/average-weeks-of-supply',
  'product/chart/gross-margin-period',
  'product/chart/sold-product-period',
  'product/table/performance',
  'sales/card/order',
  'sales/card/order-product',
  'sales/card/gross-margin',
  'sales/card/invoice',
  'sales/card/average-sales-price',
  'sales/chart/invoice-period',
  'sales/chart/gross-margin-period',
  'sales/chart/order-product-period',
  'sales/chart/average-sales-price',
  'sales/table/invoice',
  'vendor/card/gross-margin',
  'vendor/card/sold-product',
  'vendor/card/average-in-stock-rate',
  'vendor/card/average-sla',
  'vendor/chart/gross-margin-period',
  'vendor/chart/sold-product-period',
  'vendor/table/performance',
];
const BRAND_ONLY_PATHS = [
  'branch/card/gross-margin',
  'branch/card/sold-product',
  'branch/card/canceled',
  'branch/card/returned',
  'branch/chart/gross-margin-period',
  'branch/options',
  'summary/card',
];
const VENDOR_ONLY_PATHS = ['sales/table/order', 'sales/card/new-order', 'sales/chart/order-period'];
const BRAND_PATHS = [...SHARED_PATHS, ...BRAND_ONLY_PATHS];
const VENDOR_PATHS = [...SHARED_PATHS, ...VENDOR_ONLY_PATHS];

const QUERY = { 'date-from': '2024-03-14', 'date-to': '2024-03-20' };

let api: TestApi;
const tokens = {} as Record<UserKey, string>;

beforeAll(async () => {
  api = await startTestApi();
  api.clock.now = new Date('2024-03-20T05:00:00Z');
  for (const user of USERS) tokens[user] = await api.login(api.world.users[user].email);

  // One sale of each brand at V3, the vendor serving both.
  const { db, world } = api;
  for (const [brand, price] of [
    ['A', 100_000],
    ['B', 7_000],
  ] as const) {
    const productId = await insertProduct(db, {
      brandId: world.brands[brand],
      categoryId: world.categories[brand].children[0],
      name: `Produk ${brand}`,
      sku: `SKU-${brand}`,
    });
    await insertSale(db, {
      brandId: world.brands[brand],
      channelId: world.channels.tokopedia,
      createdAt: new Date('2024-03-18T12:00:00+07:00'),
      status: 'new',
      lines: [{ productId, quantity: 1, price }],
      orders: [{ vendorId: world.vendors.V3, status: 'new' }],
    });
  }
  await rebuildRollups(db);
});

afterAll(async () => {
  await api?.close();
});

function verdict(allowed: boolean) {
  return allowed ? 200 : 404;
}

async function expectEveryPath(user: UserKey, base: string, paths: string[], status: 200 | 404) {
  for (const path of paths) {
    const response = await api.request(`${base}/widget/${path}`, { token: tokens[user], query: QUERY });
    expect(response.status, `${user} GET ${base}/widget/${path}`).toBe(status);
    if (status === 404) expect(response.body).toStrictEqual({ message: expect.any(String) });
    else expect(response.body).toHaveProperty('data');
  }
}

describe('the widget list', () => {
  it('serves exactly the paths of the spec on each side, and the summary’s cards on the brand side', () => {
    expect(
      widgetsOf('brand')
        .map((widget) => widget.path)
        .sort(),
    ).toEqual([...BRAND_PATHS].sort());
    expect(
      widgetsOf('vendor')
        .map((widget) => widget.path)
        .sort(),
    ).toEqual([...VENDOR_PATHS].sort());
  });
});

describe('GET /api/brand/{brand}/widget/…', () => {
  for (const user of USERS) {
    for (const brand of ['A', 'B'] as const) {
      const status = verdict(BRAND_SCOPE[user].includes(brand));
      it(`${user} reading the widgets of brand ${brand} answers ${status} on every path`, async () => {
        await expectEveryPath(user, `/api/brand/${api.world.brands[brand]}`, BRAND_PATHS, status);
      });
    }
  }
});

describe('GET /api/vendor/{vendor}/widget/…', () => {
  for (const user of USERS) {
    for (const vendor of ['V1', 'V2', 'V3'] as const) {
      const status = verdict(VENDOR_SCOPE[user].includes(vendor));
      it(`${user} reading the widgets of vendor ${vendor} answers ${status} on every path`, async () => {
        await expectEveryPath(user, `/api/vendor/${api.world.vendors[vendor]}`, VENDOR_PATHS, status);
      });
    }
  }

  it('vendor-only paths do not exist on the brand side, nor branch paths on the vendor side', async () => {
    for (const path of VENDOR_ONLY_PATHS) {
      const response = await api.request(`/api/brand/${api.world.brands.A}/widget/${path}`, {
        token: tokens.admin,
      });
      expect(response.status, path).toBe(404);
    }
    for (const path of BRAND_ONLY_PATHS) {
      const response = await api.request(`/api/vendor/${api.world.vendors.V1}/widget/${path}`, {
        token: tokens.admin,
      });
      expect(response.status, path).toBe(404);
    }
  });
});

describe('what a caller sees through a vendor serving two brands', () => {
  const expected: [UserKey, number][] = [
    ['admin', 107_000],
    ['keyAccount', 100_000],
    ['brandA', 100_000],
    ['brandB', 7_000],
  ];
  for (const [user, gmv] of expected) {
    it(`${user} sees a GMV of ${gmv} through vendor V3`, async () => {
      const response = await api.request(
        `/api/vendor/${api.world.vendors.V3}/widget/sales/card/gross-margin`,
        {
          token: tokens[user],
          query: QUERY,
        },
      );
      expect(response.body.data.current_period).toBe(gmv);
    });
  }

  it('a brand user filtering by a foreign brand’s vendor sees nothing of that brand', async () => {
    const response = await api.request(`/api/brand/${api.world.brands.A}/widget/sales/table/invoice`, {
      token: tokens.brandA,
      query: { ...QUERY, 'vendor[]': [api.world.vendors.V2, api.world.vendors.V3] },
    });
    expect(response.body.data).toHaveLength(1);
    expect(response.body.data[0].grand_total).toBe(100_000);
  });
});

describe('requests that must not reach the figures', () => {
  it('answers 401 on every path without a token', async () => {
    for (const path of BRAND_PATHS) {
      const response = await api.request(`/api/brand/${api.world.brands.A}/widget/${path}`);
      expect(response.status, path).toBe(401);
      expect(response.body).toStrictEqual({ message: 'Unauthenticated.' });
    }
    for (const path of VENDOR_PATHS) {
      const response = await api.request(`/api/vendor/${api.world.vendors.V1}/widget/${path}`);
      expect(response.status, path).toBe(401);
    }
  });

  it('answers 404 rather than 422 to a foreign brand or vendor with a bad query', async () => {
    const bad = { 'date-from': 'yesterday', 'channel[]': 'x' };
    const brand = await api.request(`/api/brand/${api.world.brands.A}/widget/sales/card/gross-margin`, {
      token: tokens.brandB,
      query: bad,
    });
    expect(brand.status).toBe(404);
    const vendor = await api.request(`/api/vendor/${api.world.vendors.V2}/widget/sales/card/gross-margin`, {
      token: tokens.vendor1,
      query: bad,
    });
    expect(vendor.status).toBe(404);
  });

  it.each(['999999', '0', '-1', 'abc', '1e3'])(
    'answers 404 for brand or vendor id %s, even to an administrator',
    async (raw) => {
      for (const base of [`/api/brand/${raw}`, `/api/vendor/${raw}`]) {
        const response = await api.request(`${base}/widget/sales/card/gross-margin`, { token: tokens.admin });
        expect(response.status, base).toBe(404);
      }
    },
  );
});
