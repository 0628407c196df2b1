import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stockMovements, updateStockHistories, vendorStocks } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { xlsxOf } from '../support/files';
import { CATALOGUE_STOCK, createCatalogue, type Catalogue } from '../support/world';

let api: TestApi;
let catalogue: Catalogue;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  for (const key of ['admin', 'brandA', 'vendor1'] as const) {
    tokens[key] = await api.login(api.world.users[key].email);
  }
});

afterAll(async () => {
  await api?.close();
});

const vendor1 = () => `/api/vendor/${api.world.vendors.V1}`;
const brandA = () => `/api/brand/${api.world.brands.A}`;

function fileForm(content: BlobPart, name: string) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  return form;
}

function importStock(content: BlobPart, name = 'stok.csv', token = tokens.vendor1) {
  return api.request(`${vendor1()}/product-stock/import`, { token, form: fileForm(content, name) });
}

async function quantityOf(productId: number, vendorId = api.world.vendors.V1) {
  const [row] = await api.db
    .select({ quantity: vendorStocks.quantity })
    .from(vendorStocks)
    .where(and(eq(vendorStocks.vendorId, vendorId), eq(vendorStocks.productId, productId)));
  return row?.quantity;
}

describe('a stock import', () => {
  it('sets every row from a csv, as import movements and an update-stock history for the brand', async () => {
    const response = await importStock(
      `sku,quantity\n${catalogue.A.laptop.sku},31\n${catalogue.A.phone.sku},32\n`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ rows: 2, changed: 2 });
    expect(await quantityOf(catalogue.A.laptop.id)).toBe(31);
    expect(await quantityOf(catalogue.A.phone.id)).toBe(32);
    const imported = await api.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.kind, 'import'), eq(stockMovements.productId, catalogue.A.laptop.id)));
    expect(imported.some((row) => row.quantity === 31 - CATALOGUE_STOCK)).toBe(true);
    const [history] = await api.db
      .select()
      .from(updateStockHistories)
      .where(eq(updateStockHistories.id, response.body.data.histories[0].id));
    expect(history.brandId).toBe(api.world.brands.A);
  });

  it('reads an xlsx, a formula cell as the value saved with it, never evaluating it', async () => {
    const file = await xlsxOf([
      ['product_id', 'sku', 'name', 'quantity'],
      [catalogue.A.charger.id, catalogue.A.charger.sku, 'Pengisi', { formula: '1+1', result: 17 }],
    ]);
    const response = await importStock(file, 'stok.xlsx');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await quantityOf(catalogue.A.charger.id)).toBe(17);
  });

  it("reports every bad row by row and column, and changes nothing; another brand's SKU is not found", async () => {
    const before = await quantityOf(catalogue.A.laptop.id);
    const response = await importStock(
      [
        'sku,quantity',
        `${catalogue.A.laptop.sku},5`,
        `${catalogue.B.shirt.sku},5`,
        `${catalogue.A.phone.sku},-1`,
        `${catalogue.A.charger.sku},`,
        `${catalogue.A.laptop.sku},6`,
      ].join('\n'),
    );
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual([
      'rows.3.sku',
      'rows.4.quantity',
      'rows.5.quantity',
      'rows.6.sku',
    ]);
    expect(response.body.errors['rows.6.sku'][0]).toMatch(/baris 2/);
    expect(await quantityOf(catalogue.A.laptop.id)).toBe(before);
  });

  it('refuses a file that is neither csv nor xlsx or one without the columns, and reads a zip by what it holds', async () => {
    const binary = await importStock(Buffer.from([0, 1, 2, 3, 0, 0, 255]), 'stok.csv');
    expect(binary.status).toBe(422);
    expect(binary.body.errors.file).toBeDefined();
    const columns = await importStock('nama,jumlah\nx,1\n');
    expect(columns.status).toBe(422);
    expect(columns.body.errors.file[0]).toMatch(/quantity/);
    // The sizes a zip declares are not what is checked (tests/api/archive-limits.test.ts): an honest sheet
    // whose directory claims 300 MB once inflated is read as the few bytes it is.
    const file = await xlsxOf([
      ['sku', 'quantity'],
      [catalogue.A.laptop.sku, 1],
    ]);
    const central = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    file.writeUInt32LE(300 * 1024 * 1024, central + 24);
    const declared = await importStock(file, 'stok.xlsx');
    expect(declared.status, JSON.stringify(declared.body)).toBe(200);
  });

  it('is refused to a brand user and to another vendor', async () => {
    const content = `sku,quantity\n${catalogue.A.laptop.sku},1\n`;
    expect((await importStock(content, 'stok.csv', tokens.brandA)).status).toBe(403);
    const other = await api.request(`/api/vendor/${api.world.vendors.V2}/product-stock/import`, {
      token: tokens.vendor1,
      form: fileForm(content, 'stok.csv'),
    });
    expect(other.status).toBe(404);
  });
});

describe('a 10,000-row import', () => {
  it('with one bad row changes nothing and names the row; without it, sets all of them', async () => {
    const count = 10_000;
    const inserted = await api.db
      .insert(products)
      .values(
        Array.from({ length: count }, (_, index) => ({
          brandId: api.world.brands.A,
          categoryId: api.world.categories.A.parent,
          name: `Produk Massal ${index}`,
          sku: `MASSAL-${String(index).padStart(5, '0')}`,
        })),
      )
      .returning({ id: products.id, sku: products.sku });
    const lines = inserted.map((row, index) => `${row.sku},${index % 97}`);
    const bad = 7_345;
    const withBad = [...lines];
    withBad[bad] = `${inserted[bad].sku},banyak`;
    const movementsBefore = await api.db.select({ n: sql<number>`count(*)` }).from(stockMovements);
    const refused = await importStock(['sku,quantity', ...withBad].join('\n'));
    expect(refused.status).toBe(422);
    // Row 1 is the header, so line `bad` of the data is row bad + 2.
    expect(Object.keys(refused.body.errors)).toEqual([`rows.${bad + 2}.quantity`]);
    const stocked = await api.db
      .select({ n: sql<number>`count(*)` })
      .from(vendorStocks)
      .where(
        inArray(
          vendorStocks.productId,
          inserted.map((row) => row.id),
        ),
      );
    expect(Number(stocked[0].n)).toBe(0);
    const movementsAfter = await api.db.select({ n: sql<number>`count(*)` }).from(stockMovements);
    expect(Number(movementsAfter[0].n)).toBe(Number(movementsBefore[0].n));

    const accepted = await importStock(['sku,quantity', ...lines].join('\n'));
    expect(accepted.status, JSON.stringify(accepted.body).slice(0, 300)).toBe(200);
    expect(await quantityOf(inserted[96].id)).toBe(96);
    expect(await quantityOf(inserted[9_999].id)).toBe(9_999 % 97);
  }, 120_000);
});

describe('a price import', () => {
  it('sets vendor prices by SKU for administrators, all rows or none', async () => {
    const form = fileForm(`sku,vendor_price\n${catalogue.A.phone.sku},2100000\n`, 'harga.csv');
    const response = await api.request(`${brandA()}/import/product-price`, { token: tokens.admin, form });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [phone] = await api.db.select().from(products).where(eq(products.id, catalogue.A.phone.id));
    expect(phone.vendorPrice).toBe(2_100_000);
    const bad = await api.request(`${brandA()}/import/product-price`, {
      token: tokens.admin,
      form: fileForm(
        `sku,vendor_price\n${catalogue.A.phone.sku},1\n${catalogue.B.shirt.sku},2\n`,
        'harga.csv',
      ),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['rows.3.sku']).toBeDefined();
    const [unchanged] = await api.db.select().from(products).where(eq(products.id, catalogue.A.phone.id));
    expect(unchanged.vendorPrice).toBe(2_100_000);
  });
});
