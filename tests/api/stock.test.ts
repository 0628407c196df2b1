import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dailyProductRollups,
  lowStockAlerts,
  notifications,
  products,
  stockDailySnapshots,
  stockMovements,
  vendorStocks,
} from '../../api/db/schema';
import { jakartaDate } from '../../api/db/jakarta';
import { startTestApi, type TestApi } from '../support/api';
import {
  CATALOGUE_STOCK,
  createCatalogue,
  createMediaOf,
  placeOrder,
  type Catalogue,
} from '../support/world';

let api: TestApi;
let catalogue: Catalogue;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  for (const key of ['admin', 'keyAccount', 'brandA', 'vendor1', 'vendor2'] as const) {
    tokens[key] = await api.login(api.world.users[key].email);
  }
});

afterAll(async () => {
  await api?.close();
});

const brandA = () => `/api/brand/${api.world.brands.A}`;
const vendor1 = () => `/api/vendor/${api.world.vendors.V1}`;

async function stockOf(vendorId: number, productId: number) {
  const [row] = await api.db
    .select()
    .from(vendorStocks)
    .where(and(eq(vendorStocks.vendorId, vendorId), eq(vendorStocks.productId, productId)));
  return row;
}

/** Every (vendor, product)'s movements add up to its balance, and the last balance is the row's available. */
async function expectLedgerInStep() {
  const movements = await api.db.select().from(stockMovements).orderBy(asc(stockMovements.id));
  const running = new Map<string, number>();
  for (const movement of movements) {
    const key = `${movement.vendorId}:${movement.productId}`;
    const balance = (running.get(key) ?? 0) + movement.quantity;
    expect(movement.balanceAfter, `movement ${movement.id} of ${key}`).toBe(balance);
    running.set(key, balance);
  }
  const stocks = await api.db.select().from(vendorStocks);
  for (const stock of stocks) {
    expect(
      running.get(`${stock.vendorId}:${stock.productId}`) ?? 0,
      `stock ${stock.vendorId}:${stock.productId}`,
    ).toBe(stock.quantity - stock.reserved);
  }
}

describe('the stock list', () => {
  it('lists the brand catalogue by name with available stock and figures computed from sales and snapshots', async () => {
    const today = jakartaDate(api.clock.now);
    await api.db.insert(dailyProductRollups).values({
      date: today,
      brandId: api.world.brands.A,
      vendorId: api.world.vendors.V1,
      channelId: 1,
      productId: catalogue.A.charger.id,
      gmv: 0,
      unitsSold: 14,
      orderCount: 3,
    });
    await api.db.insert(stockDailySnapshots).values([
      { date: today, vendorId: api.world.vendors.V1, productId: catalogue.A.charger.id, available: 5 },
      { date: '2000-01-01', vendorId: api.world.vendors.V1, productId: catalogue.A.charger.id, available: 0 },
    ]);
    const response = await api.request(`${brandA()}/product-stock`, { token: tokens.brandA });
    expect(response.status).toBe(200);
    expect(response.body.data.map((row: { name: string }) => row.name)).toEqual([
      'Laptop Ringan 14',
      'Pengisi Daya 65W',
      'Ponsel Pintar X',
    ]);
    const charger = response.body.data.find((row: { id: number }) => row.id === catalogue.A.charger.id);
    // Vendor Satu and Vendor Tiga each hold CATALOGUE_STOCK.
    expect(charger.available_stock).toBe(CATALOGUE_STOCK * 2);
    expect(charger.run_rate).toBe(2);
    expect(charger.weeks_of_supply).toBeCloseTo((CATALOGUE_STOCK * 2) / 14, 2);
    expect(charger.in_stock_rate).toBe(100);
    expect(response.body.meta).toMatchObject({ current_page: 1, total: 3, per_page: 10, from: 1, to: 3 });
    const laptop = response.body.data.find((row: { id: number }) => row.id === catalogue.A.laptop.id);
    expect(laptop.run_rate).toBe(0);
    expect(laptop.weeks_of_supply).toBeNull();
    expect(laptop.in_stock_rate).toBeNull();
  });

  it('shows a vendor only its own stock', async () => {
    const response = await api.request(`${vendor1()}/product-stock`, {
      token: tokens.vendor1,
      query: { search: 'A-CHG' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
    expect(response.body.data[0].available_stock).toBe(CATALOGUE_STOCK);
  });
});

describe('the catalogue', () => {
  it('refuses a new product without a vendor price, or with a blank one, instead of pricing it at 0', async () => {
    for (const [label, price] of [
      ['missing', undefined],
      ['null', null],
      ['blank', ''],
    ] as const) {
      const sku = `A-NOPRICE-${label}`;
      const response = await api.request(`${brandA()}/product`, {
        token: tokens.admin,
        json: { name: 'Tanpa Harga', sku, category_id: api.world.categories.A.parent, vendor_price: price },
      });
      expect(response.status, label).toBe(422);
      expect(Object.keys(response.body.errors), label).toEqual(['vendor_price']);
      const [row] = await api.db.select().from(products).where(eq(products.sku, sku));
      expect(row, label).toBeUndefined();
    }
  });

  it('creates, shows, updates and deletes a product with photos and channel SKUs; a duplicate SKU is refused', async () => {
    const photo = await createMediaOf(api.db, api.world.users.admin.id);
    const created = await api.request(`${brandA()}/product`, {
      token: tokens.admin,
      json: {
        name: 'Tas Laptop',
        sku: 'A-TAS-01',
        category_id: api.world.categories.A.parent,
        vendor_price: 150_000,
        photo_ids: [photo],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Tas Laptop',
      photo_ids: [photo],
      vendor_price: 150_000,
    });
    const again = await api.request(`${brandA()}/product`, {
      token: tokens.admin,
      json: {
        name: 'Tas Lain',
        sku: 'A-TAS-01',
        category_id: api.world.categories.A.parent,
        vendor_price: 1,
      },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.sku).toBeDefined();
    const id = created.body.data.id;
    const updated = await api.request(`${brandA()}/product/${id}`, {
      method: 'PUT',
      token: tokens.keyAccount,
      json: { name: 'Tas Laptop 15', sku: 'A-TAS-01', category_id: api.world.categories.A.parent },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.name).toBe('Tas Laptop 15');
    const refused = await api.request(`${brandA()}/product/${id}`, {
      method: 'DELETE',
      token: tokens.brandA,
    });
    expect(refused.status).toBe(403);
    const deleted = await api.request(`${brandA()}/product/${id}`, { method: 'DELETE', token: tokens.admin });
    expect(deleted.status).toBe(200);
    expect((await api.request(`${brandA()}/product/${id}`, { token: tokens.admin })).status).toBe(404);
  });

  it("sets each vendor's stock from the stock form as adjustment movements", async () => {
    const response = await api.request(`${brandA()}/product/${catalogue.A.laptop.id}/update-stock`, {
      method: 'PUT',
      token: tokens.admin,
      json: { product_stocks: [{ vendor_id: api.world.vendors.V1, quantity: 70 }] },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await stockOf(api.world.vendors.V1, catalogue.A.laptop.id)).quantity).toBe(70);
    const foreign = await api.request(`${brandA()}/product/${catalogue.A.laptop.id}/update-stock`, {
      method: 'PUT',
      token: tokens.admin,
      json: { product_stocks: [{ vendor_id: api.world.vendors.V2, quantity: 5 }] },
    });
    expect(foreign.status).toBe(422);
    await expectLedgerInStep();
  });
});

describe("a vendor's stock update", () => {
  it('sets the stock, records a history and notifies the brand, whose user opens it and marks it read', async () => {
    const response = await api.request(`${vendor1()}/product-stock/update`, {
      method: 'PUT',
      token: tokens.vendor1,
      json: { product_stocks: [{ product_id: catalogue.A.phone.id, quantity: 12 }] },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const historyId = response.body.data.histories[0].id;
    expect((await stockOf(api.world.vendors.V1, catalogue.A.phone.id)).quantity).toBe(12);
    const [notification] = await api.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, api.world.users.brandA.id),
          eq(notifications.type, 'stock-update'),
          sql`(${notifications.data} -> 'notification' ->> 'update_stock_history_id')::int = ${historyId}`,
        ),
      );
    expect(notification).toBeDefined();
    const shown = await api.request(`${brandA()}/update-stock-history/${historyId}`, {
      token: tokens.brandA,
      query: { notif: notification.id },
    });
    expect(shown.status).toBe(200);
    expect(shown.body.data.update_stock_history_items).toEqual([
      expect.objectContaining({
        quantity: 12,
        product: expect.objectContaining({ name: 'Ponsel Pintar X' }),
      }),
    ]);
    const [read] = await api.db.select().from(notifications).where(eq(notifications.id, notification.id));
    expect(read.readAt).not.toBeNull();
    await expectLedgerInStep();
  });

  it("refuses another brand's product and a quantity under the units reserved", async () => {
    const foreign = await api.request(`${vendor1()}/product-stock/update`, {
      method: 'PUT',
      token: tokens.vendor1,
      json: { product_stocks: [{ product_id: catalogue.B.shirt.id, quantity: 1 }] },
    });
    expect(foreign.status).toBe(422);
    await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.charger, quantity: 3 }],
    });
    const under = await api.request(`${vendor1()}/product-stock/update`, {
      method: 'PUT',
      token: tokens.vendor1,
      json: { product_stocks: [{ product_id: catalogue.A.charger.id, quantity: 2 }] },
    });
    expect(under.status).toBe(422);
    expect(under.body.errors['product_stocks.0.quantity']).toBeDefined();
    expect((await stockOf(api.world.vendors.V1, catalogue.A.charger.id)).quantity).toBe(CATALOGUE_STOCK);
  });
});

describe('adjustments and the ledger', () => {
  it('writes adjustment movements with the note, found in the mutation list by SKU', async () => {
    const before = await stockOf(api.world.vendors.V1, catalogue.A.laptop.id);
    const response = await api.request(`${vendor1()}/stock-adjustment`, {
      token: tokens.admin,
      json: { note: 'Stock opname gudang', items: [{ product_id: catalogue.A.laptop.id, adjustment: -4 }] },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((await stockOf(api.world.vendors.V1, catalogue.A.laptop.id)).quantity).toBe(before.quantity - 4);
    const ledger = await api.request(`${brandA()}/stock-movement`, {
      token: tokens.brandA,
      query: { sku: 'A-LAP', kind: 'adjustment' },
    });
    expect(ledger.status).toBe(200);
    expect(ledger.body.data[0]).toMatchObject({
      note: 'Stock opname gudang',
      quantity: -4,
      balance_after: before.quantity - before.reserved - 4,
      sku: 'A-LAP-14',
    });
    const brandUser = await api.request(`${vendor1()}/stock-adjustment`, {
      token: tokens.brandA,
      json: { note: 'x', items: [{ product_id: catalogue.A.laptop.id, adjustment: 1 }] },
    });
    expect(brandUser.status).toBe(403);
    await expectLedgerInStep();
  });

  it('an adjustment below zero changes nothing', async () => {
    const before = await stockOf(api.world.vendors.V1, catalogue.A.laptop.id);
    const response = await api.request(`${vendor1()}/stock-adjustment`, {
      token: tokens.vendor1,
      json: {
        note: 'Hilang',
        items: [
          { product_id: catalogue.A.phone.id, adjustment: 1 },
          { product_id: catalogue.A.laptop.id, adjustment: -100_000 },
        ],
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors['items.1.adjustment']).toBeDefined();
    expect(await stockOf(api.world.vendors.V1, catalogue.A.laptop.id)).toEqual(before);
  });

  it('takes a restock of an oversold row that still leaves it short, and refuses lowering it further', async () => {
    // An accepted order may oversell: one for 3 units more than are available leaves the row 3 short.
    const start = await stockOf(api.world.vendors.V1, catalogue.A.laptop.id);
    await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.laptop, quantity: start.quantity - start.reserved + 3 }],
    });
    const oversold = await stockOf(api.world.vendors.V1, catalogue.A.laptop.id);
    expect(oversold.quantity - oversold.reserved).toBe(-3);

    const restock = await api.request(`${vendor1()}/stock-adjustment`, {
      token: tokens.vendor1,
      json: { note: 'Barang datang', items: [{ product_id: catalogue.A.laptop.id, adjustment: 2 }] },
    });
    expect(restock.status, JSON.stringify(restock.body)).toBe(201);
    expect(await stockOf(api.world.vendors.V1, catalogue.A.laptop.id)).toMatchObject({
      quantity: oversold.quantity + 2,
      reserved: oversold.reserved,
    });

    const lower = await api.request(`${vendor1()}/stock-adjustment`, {
      token: tokens.vendor1,
      json: { note: 'Rusak', items: [{ product_id: catalogue.A.laptop.id, adjustment: -1 }] },
    });
    expect(lower.status).toBe(422);
    expect(lower.body.errors['items.0.adjustment']).toEqual([
      `Stok tidak boleh kurang dari ${oversold.reserved} unit yang sedang dipesan.`,
    ]);
    expect((await stockOf(api.world.vendors.V1, catalogue.A.laptop.id)).quantity).toBe(oversold.quantity + 2);
    await expectLedgerInStep();
  });
});

describe('low-stock alerts', () => {
  it('notifies the brand and the vendor once when weeks of supply falls under the threshold, again after recovery', async () => {
    const setting = await api.request(`${brandA()}/stock-setting`, {
      method: 'PUT',
      token: tokens.admin,
      json: { low_stock_weeks: 2 },
    });
    expect(setting.status).toBe(200);
    const today = jakartaDate(api.clock.now);
    // 7 units a week: 2 weeks of supply is 14 units.
    await api.db.insert(dailyProductRollups).values({
      date: today,
      brandId: api.world.brands.A,
      vendorId: api.world.vendors.V1,
      channelId: 2,
      productId: catalogue.A.phone.id,
      gmv: 0,
      unitsSold: 7,
      orderCount: 7,
    });
    const alerts = async () =>
      api.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, api.world.users.vendor1.id), eq(notifications.type, 'low-stock')),
        );
    const setTo = (quantity: number) =>
      api.request(`${vendor1()}/product-stock/update`, {
        method: 'PUT',
        token: tokens.vendor1,
        json: { product_stocks: [{ product_id: catalogue.A.phone.id, quantity }] },
      });
    await setTo(40);
    expect(await alerts()).toHaveLength(0);
    await setTo(10);
    expect(await alerts()).toHaveLength(1);
    await setTo(9);
    expect(await alerts()).toHaveLength(1);
    const brandHeard = await api.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, api.world.users.brandA.id), eq(notifications.type, 'low-stock')));
    expect(brandHeard).toHaveLength(1);
    // The alert opens the vendor's own stock of the product, where the units it names are shown.
    const route = new URL(brandHeard[0].data.web.route, 'http://app');
    expect(route.pathname).toBe('/stock/manajemen');
    expect(route.searchParams.get('vendor')).toBe(String(api.world.vendors.V1));
    expect(route.searchParams.get('search')).toBe(catalogue.A.phone.sku);
    await setTo(30);
    expect(await api.db.select().from(lowStockAlerts)).toHaveLength(0);
    await setTo(5);
    expect(await alerts()).toHaveLength(2);
  });
});

describe('exports and templates', () => {
  it('exports the stock list and the templates as workbooks', async () => {
    const exported = await api.request(`${brandA()}/export/product-stock`, { token: tokens.brandA });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/product-stock\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.bytes as unknown as ArrayBuffer);
    expect(book.worksheets[0].rowCount).toBeGreaterThan(1);
    const template = await api.request(`${vendor1()}/import-template/current-product-stock`, {
      token: tokens.vendor1,
    });
    expect(template.status).toBe(200);
    const refused = await api.request(`${brandA()}/import-template/product-price`, { token: tokens.brandA });
    expect(refused.status).toBe(403);
  });

  it("exports what the list's filters keep: the search, the category with its descendants", async () => {
    const skusOf = async (query: Record<string, string | number>) => {
      const exported = await api.request(`${brandA()}/export/product-stock`, { token: tokens.brandA, query });
      expect(exported.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(exported.bytes as unknown as ArrayBuffer);
      const rows = book.worksheets[0].getSheetValues().slice(2) as unknown[][];
      return rows.map((row) => row[2]).sort();
    };
    expect(await skusOf({ search: 'a-lap' })).toEqual(['A-LAP-14']);
    const list = await api.request(`${brandA()}/product-stock`, {
      token: tokens.brandA,
      query: { 'category[]': api.world.categories.A.parent, per_page: 100 },
    });
    expect(await skusOf({ 'category[]': api.world.categories.A.parent })).toEqual(
      list.body.data.map((row: { sku: string }) => row.sku).sort(),
    );
  });

  it('a product from the seed keeps its place', async () => {
    const [row] = await api.db.select().from(products).where(eq(products.id, catalogue.A.laptop.id));
    expect(row.sku).toBe('A-LAP-14');
  });
});
