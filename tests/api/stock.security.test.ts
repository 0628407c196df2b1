import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, skuChannels, updateStockHistories, vendorStocks } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, type Catalogue } from '../support/world';

/**
 * The stock routes' reads for every kind of account on own and foreign brands and vendors (a tenant outside the
 * caller's reach answers 404), and records of another brand under one's own path. Who may write, and that a
 * refused write changes no row, is the generated access matrix's (tests/api/access-matrix.test.ts).
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
let api: TestApi;
let catalogue: Catalogue;
const tokens = {} as Record<UserKey, string>;
const skuChannelOf = {} as Record<BrandKey, number>;
const historyOf = {} as Record<BrandKey, number>;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  for (const user of USERS) tokens[user] = await api.login(api.world.users[user].email);
  for (const brand of ['A', 'B'] as const) {
    const [channel] = await api.db
      .insert(skuChannels)
      .values({ brandId: api.world.brands[brand], channelId: 1, name: `SKU ${brand}`, sku: `CH-${brand}` })
      .returning({ id: skuChannels.id });
    skuChannelOf[brand] = channel.id;
    const [history] = await api.db
      .insert(updateStockHistories)
      .values({ brandId: api.world.brands[brand], vendorId: api.world.vendors.V3 })
      .returning({ id: updateStockHistories.id });
    historyOf[brand] = history.id;
  }
});

afterAll(async () => {
  await api?.close();
});

const productOf = (brand: BrandKey) => (brand === 'A' ? catalogue.A.charger : catalogue.B.shirt);

function brandReads(brand: BrandKey) {
  const base = `/api/brand/${api.world.brands[brand]}`;
  const product = productOf(brand).id;
  return [
    `${base}/product`,
    `${base}/product/${product}`,
    `${base}/product-stock`,
    `${base}/export/product-stock`,
    `${base}/sku-channel`,
    `${base}/sku-channel/${skuChannelOf[brand]}`,
    `${base}/update-stock-history/${historyOf[brand]}`,
    `${base}/stock-movement`,
    `${base}/stock-setting`,
  ];
}

/** Through Vendor Tiga (both brands) a brand B user reads a brand B product; everyone else brand A's. */
function vendorReads(vendor: VendorKey, user: UserKey) {
  const base = `/api/vendor/${api.world.vendors[vendor]}`;
  const brandB = vendor === 'V2' || (vendor === 'V3' && user === 'brandB');
  const product = (brandB ? catalogue.B.shirt : catalogue.A.charger).id;
  return [
    `${base}/product`,
    `${base}/product/${product}`,
    `${base}/product-stock`,
    `${base}/import-template/current-product-stock`,
    `${base}/export/product-stock`,
    `${base}/stock-movement`,
  ];
}

async function quantity(vendor: VendorKey, productId: number) {
  const [row] = await api.db
    .select({ quantity: vendorStocks.quantity })
    .from(vendorStocks)
    .where(and(eq(vendorStocks.vendorId, api.world.vendors[vendor]), eq(vendorStocks.productId, productId)));
  return row?.quantity;
}

describe('brand stock routes', () => {
  it.each(USERS)('%s reads its own brands and gets 404 for the others', async (user) => {
    for (const brand of ['A', 'B'] as const) {
      const expected = BRAND_SCOPE[user].includes(brand) ? 200 : 404;
      for (const path of brandReads(brand)) {
        const response = await api.request(path, { token: tokens[user] });
        expect(response.status, `${user} GET ${path}`).toBe(expected);
      }
    }
  });

  it("a record of another brand under one's own brand is a 404, and is left as it was", async () => {
    const base = `/api/brand/${api.world.brands.A}`;
    const foreign = catalogue.B.trousers;
    for (const path of [
      `${base}/product/${foreign.id}`,
      `${base}/sku-channel/${skuChannelOf.B}`,
      `${base}/update-stock-history/${historyOf.B}`,
    ]) {
      expect((await api.request(path, { token: tokens.admin })).status, path).toBe(404);
    }
    const [before] = await api.db.select().from(products).where(eq(products.id, foreign.id));
    const put = await api.request(`${base}/product/${foreign.id}`, {
      method: 'PUT',
      token: tokens.admin,
      json: { name: 'Diambil', sku: foreign.sku, category_id: api.world.categories.A.parent },
    });
    expect(put.status).toBe(404);
    const removed = await api.request(`${base}/product/${foreign.id}`, {
      method: 'DELETE',
      token: tokens.admin,
    });
    expect(removed.status).toBe(404);
    const [after] = await api.db.select().from(products).where(eq(products.id, foreign.id));
    expect(after).toEqual(before);
    const list = await api.request(`${base}/product-stock`, {
      token: tokens.admin,
      query: { per_page: 100 },
    });
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((row: { brand_id: number }) => row.brand_id === api.world.brands.A)).toBe(
      true,
    );
  });
});

describe('vendor stock routes', () => {
  it.each(USERS)('%s reads the vendors of its tenancy and gets 404 for the others', async (user) => {
    for (const vendor of ['V1', 'V2', 'V3'] as const) {
      const expected = VENDOR_SCOPE[user].includes(vendor) ? 200 : 404;
      for (const path of vendorReads(vendor, user)) {
        const response = await api.request(path, { token: tokens[user] });
        expect(response.status, `${user} GET ${path}`).toBe(expected);
      }
    }
  });

  it("a vendor never writes another brand's product through its own path, and sees only its brands' products", async () => {
    const base = `/api/vendor/${api.world.vendors.V1}`;
    const before = await quantity('V2', catalogue.B.shirt.id);
    const update = await api.request(`${base}/product-stock/update`, {
      method: 'PUT',
      token: tokens.vendor1,
      json: { product_stocks: [{ product_id: catalogue.B.shirt.id, quantity: 1 }] },
    });
    expect(update.status).toBe(422);
    const adjusted = await api.request(`${base}/stock-adjustment`, {
      token: tokens.vendor1,
      json: { note: 'x', items: [{ product_id: catalogue.B.shirt.id, adjustment: 1 }] },
    });
    expect(adjusted.status).toBe(422);
    expect(await quantity('V1', catalogue.B.shirt.id)).toBeUndefined();
    expect(await quantity('V2', catalogue.B.shirt.id)).toBe(before);
    expect(
      (await api.request(`${base}/product/${catalogue.B.shirt.id}`, { token: tokens.vendor1 })).status,
    ).toBe(404);
    // Vendor Tiga serves both brands; a brand A user looking through it sees brand A's products only.
    const seen = await api.request(`/api/vendor/${api.world.vendors.V3}/product-stock`, {
      token: tokens.brandA,
      query: { per_page: 100 },
    });
    expect(seen.body.data.length).toBeGreaterThan(0);
    expect(seen.body.data.every((row: { brand_id: number }) => row.brand_id === api.world.brands.A)).toBe(
      true,
    );
    const ledger = await api.request(`/api/vendor/${api.world.vendors.V3}/stock-movement`, {
      token: tokens.brandA,
      query: { per_page: 100 },
    });
    expect(ledger.body.data.length).toBeGreaterThan(0);
    expect(
      ledger.body.data.every((row: { product_id: number }) =>
        [catalogue.A.laptop.id, catalogue.A.phone.id, catalogue.A.charger.id].includes(row.product_id),
      ),
    ).toBe(true);
  });
});
