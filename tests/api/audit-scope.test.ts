import ExcelJS from 'exceljs';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, brands } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, placeOrder, type Catalogue } from '../support/world';

/**
 * A vendor serving two brands writes for both at once: each brand's users may read only their own products in
 * the audit log, so every such write is audited once per brand (docs/decisions/014), and the export holds what
 * the list shows.
 */

let api: TestApi;
let catalogue: Catalogue;
const tokens: Record<string, string> = {};
let vendor3Token: string;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  for (const key of ['admin'] as const) tokens[key] = await api.login(api.world.users[key].email);
  const created = await api.request('/api/user', {
    token: tokens.admin,
    json: {
      name: 'Gudang Tiga',
      email: `gudang.tiga.${process.pid}@world.test`,
      mobile_phone: '081234567890',
      password: 'rahasia-123',
      role_id: api.world.roles.vendor,
      role_name: 'Vendor',
      vendor_id: api.world.vendors.V3,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  vendor3Token = await api.login(created.body.data.email, 'rahasia-123');
  const manager = await api.request(`/api/brand/${api.world.brands.A}/role`, {
    token: tokens.admin,
    json: { name: 'Pembaca Akun' },
  });
  const permissions = await api.request('/api/permission', { token: tokens.admin });
  const reader = permissions.body.data.find((row: { name: string }) => row.name === 'vendor.user.index');
  await api.request(`/api/brand/${api.world.brands.A}/gate-setting`, {
    token: tokens.admin,
    json: { role_id: manager.body.data.id, permission_ids: [reader.id] },
  });
  const brandUser = await api.request('/api/user', {
    token: tokens.admin,
    json: {
      name: 'Pembaca A',
      email: `pembaca.a.${process.pid}@world.test`,
      mobile_phone: '081234567891',
      password: 'rahasia-123',
      role_id: manager.body.data.id,
      role_name: 'Brand',
      brand_id: api.world.brands.A,
    },
  });
  expect(brandUser.status, JSON.stringify(brandUser.body)).toBe(201);
  tokens.brandReader = await api.login(brandUser.body.data.email, 'rahasia-123');
}, 120_000);

afterAll(async () => {
  await api?.close();
});

async function newestAuditId() {
  const [row] = await api.db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row?.id ?? 0;
}

async function writtenSince(since: number, action: string) {
  return api.db
    .select()
    .from(auditLogs)
    .where(and(gt(auditLogs.id, since), eq(auditLogs.action, action)))
    .orderBy(auditLogs.brandId);
}

function productsNamed(row: typeof auditLogs.$inferSelect) {
  const after = (row.changes.changes?.after ?? row.changes.productIds?.after) as
    { productId: number }[] | number[];
  return after.map((item) => (typeof item === 'number' ? item : item.productId)).sort((a, b) => a - b);
}

const v3 = () => `/api/vendor/${api.world.vendors.V3}`;

/** One audit row for each of brands A and B, each naming only that brand's product. */
function expectOneRowPerBrand(
  rows: Awaited<ReturnType<typeof writtenSince>>,
  products: { A: number; B: number },
) {
  expect(rows.map((row) => row.brandId)).toEqual(
    [api.world.brands.A, api.world.brands.B].sort((a, b) => a - b),
  );
  const byBrand = new Map(rows.map((row) => [row.brandId, productsNamed(row)]));
  expect(byBrand.get(api.world.brands.A)).toEqual([products.A]);
  expect(byBrand.get(api.world.brands.B)).toEqual([products.B]);
}

describe('a vendor serving two brands', () => {
  it('updating both brands’ stock at once writes one audit row per brand, each naming only its products', async () => {
    const since = await newestAuditId();

    const response = await api.request(`${v3()}/product-stock/update`, {
      method: 'PUT',
      token: vendor3Token,
      json: {
        product_stocks: [
          { product_id: catalogue.A.laptop.id, quantity: 48 },
          { product_id: catalogue.B.shirt.id, quantity: 47 },
        ],
      },
    });

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const rows = await writtenSince(since, 'stock.vendor-update');
    expectOneRowPerBrand(rows, { A: catalogue.A.laptop.id, B: catalogue.B.shirt.id });
  });

  it('importing both brands’ stock from one file writes one audit row per brand, each naming only its products', async () => {
    const since = await newestAuditId();
    const form = new FormData();
    form.append(
      'file',
      new Blob([`sku,quantity\n${catalogue.A.phone.sku},46\n${catalogue.B.trousers.sku},45\n`]),
      'stok.csv',
    );

    const response = await api.request(`${v3()}/product-stock/import`, { token: vendor3Token, form });

    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
    const rows = await writtenSince(since, 'stock.import');
    expectOneRowPerBrand(rows, { A: catalogue.A.phone.id, B: catalogue.B.trousers.id });
  });

  it('a low-stock alert crossing in both brands at once writes one audit row per brand, each naming only its products', async () => {
    // Sales of the week give both products a run rate; then the vendor sets both far under the threshold.
    for (const [brand, product] of [
      ['A', catalogue.A.charger],
      ['B', catalogue.B.shirt],
    ] as const) {
      await placeOrder(api.deps, api.world, { brand, vendor: 'V3', lines: [{ product, quantity: 1 }] });
    }
    await api.db.update(brands).set({ lowStockWeeks: 4 });
    const since = await newestAuditId();

    const response = await api.request(`${v3()}/product-stock/update`, {
      method: 'PUT',
      token: vendor3Token,
      json: {
        product_stocks: [
          { product_id: catalogue.A.charger.id, quantity: 1 },
          { product_id: catalogue.B.shirt.id, quantity: 1 },
        ],
      },
    });

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const rows = await writtenSince(since, 'stock.low-stock-alert');
    expectOneRowPerBrand(rows, { A: catalogue.A.charger.id, B: catalogue.B.shirt.id });
  });
});

describe("a brand user's audit log", () => {
  it('exports exactly the rows its list shows, with the other brand’s products hidden', async () => {
    const query = { action: 'stock.vendor-update' };
    const listed = await api.request('/api/audit-log', {
      token: tokens.brandReader,
      query: { ...query, per_page: 100 },
    });
    const exported = await api.request('/api/export/audit-log', { token: tokens.brandReader, query });

    expect(listed.status).toBe(200);
    expect(exported.status).toBe(200);
    expect(listed.body.data.length).toBeGreaterThan(0);
    expect(listed.body.data.every((row: { brand_id: number }) => row.brand_id === api.world.brands.A)).toBe(
      true,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.bytes as unknown as ArrayBuffer);
    const lines = (workbook.worksheets[0].getSheetValues().filter(Boolean) as unknown[][]).slice(1);
    expect(lines).toHaveLength(listed.body.data.length);
    const text = JSON.stringify(lines);
    expect(text).not.toContain(`"productId":${catalogue.B.shirt.id}`);
    expect(text).not.toContain(`"productId":${catalogue.B.trousers.id}`);
  });
});
