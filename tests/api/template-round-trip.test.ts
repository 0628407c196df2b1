import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, vendorAreas } from '../../api/db/schema';
import { startTestApi, type ApiResponse, type TestApi } from '../support/api';
import { createListing, listingBody, uniqueSku, variantBody } from '../support/marketplace';
import { changedTables, tableChecksums } from '../support/table-checksums';
import { createCatalogue, insertProduct, insertStock } from '../support/world';

/** The characters a spreadsheet reads as the start of a formula, which the export guards with an apostrophe. */
const LEADING = ['=', '+', '-', '@'] as const;

let api: TestApi;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
  await createCatalogue(api.db, api.world);
  for (const key of ['admin', 'vendor1'] as const) tokens[key] = await api.login(api.world.users[key].email);
  // A product of brand A per leading character, stocked at Vendor Satu, and one it has never stocked.
  for (const [index, first] of LEADING.entries()) {
    const id = await insertProduct(api.db, {
      brandId: api.world.brands.A,
      categoryId: null,
      name: `Produk ${first}`,
      sku: `${first}SKU-${index}`,
    });
    await insertStock(api.db, {
      vendorId: api.world.vendors.V1,
      productId: id,
      quantity: 7 + index,
      snapshots: {},
    });
  }
  await insertProduct(api.db, {
    brandId: api.world.brands.A,
    categoryId: null,
    name: 'Tanpa Stok',
    sku: '=0',
  });
});

afterAll(async () => {
  await api?.close();
});

const brandA = () => `/api/brand/${api.world.brands.A}`;
const vendor1 = () => `/api/vendor/${api.world.vendors.V1}`;

function fileForm(bytes: Buffer, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), 'template.xlsx');
  return form;
}

async function download(path: string, token: string, query?: Record<string, string | number>) {
  const response = await api.request(path, { token, query });
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/spreadsheetml/);
  return response.bytes;
}

/** Uploads `upload()` and expects a 2xx that left every table (or the ones named) exactly as it was. */
async function expectNothingChanged(upload: () => Promise<ApiResponse>, only?: string[]) {
  const before = await tableChecksums(api.db);
  const response = await upload();
  expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(200);
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  const changed = changedTables(before, await tableChecksums(api.db));
  expect(only ? changed.filter((name) => only.includes(name)) : changed).toEqual([]);
  return response;
}

describe('a template downloaded and uploaded again unchanged', () => {
  it('the stock import template imports cleanly and changes nothing, SKUs starting = + - @ included', async () => {
    const template = await download(`${vendor1()}/import-template/current-product-stock`, tokens.vendor1);
    const response = await expectNothingChanged(() =>
      api.request(`${vendor1()}/product-stock/import`, { token: tokens.vendor1, form: fileForm(template) }),
    );
    // Every row was read back as a product of the vendor, the guarded SKUs among them.
    expect(response.body.data.changed).toBe(0);
    expect(response.body.data.rows).toBeGreaterThanOrEqual(LEADING.length + 1);
  });

  it('the brand price template imports cleanly and changes nothing, SKUs starting = + - @ included', async () => {
    const template = await download(`${brandA()}/import-template/product-price`, tokens.admin);
    const response = await expectNothingChanged(() =>
      api.request(`${brandA()}/import/product-price`, { token: tokens.admin, form: fileForm(template) }),
    );
    expect(response.body.data.changed).toBe(0);
    expect(response.body.data.rows).toBeGreaterThanOrEqual(LEADING.length + 1);
  });

  it('the listing price template imports cleanly and changes nothing, SKUs starting = + - @ included', async () => {
    for (const first of LEADING)
      await createListing(api, tokens.admin, listingBody({ sku: uniqueSku(`${first}KAOS`) }));
    await createListing(api, tokens.admin, variantBody());
    const template = await download(`${brandA()}/tokopedia/import-template/product-price`, tokens.admin);
    const response = await expectNothingChanged(() =>
      api.request(`${brandA()}/tokopedia/import/product-price`, {
        token: tokens.admin,
        form: fileForm(template),
      }),
    );
    expect(response.body.data).toMatchObject({ changed: 0, failed_rows_data: [] });
    expect(response.body.data.rows).toBe(LEADING.length + 4);
  });

  it("the vendor area template, uploaded with the vendor's own fields, leaves its areas as they were", async () => {
    const areas = [
      'province,city,sub_district,postal_code',
      'DKI Jakarta,Jakarta Selatan,Kebayoran,12190',
      ...LEADING.map(
        (first, index) => `${first}Provinsi,${first}Kota ${index},${first}Kecamatan,4011${index}`,
      ),
    ].join('\n');
    const fields = {
      name: 'Vendor Area Bolak-balik',
      address: 'Jl. Sudirman 1',
      city: 'Jakarta',
      postal_code: '12190',
      telephone: '(021) 555-0123',
      lat: '-6.21',
      lng: '106.82',
      is_priority: '0',
      'brand_ids[]': String(api.world.brands.A),
    };
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('vendor_area_file', new Blob([areas]), 'area.csv');
    const created = await api.request('/api/vendor', { token: tokens.admin, form });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const stored = await api.db.select().from(vendorAreas).where(eq(vendorAreas.vendorId, id));
    expect(stored.map((area) => area.city).sort()).toEqual(
      ['Jakarta Selatan', ...LEADING.map((first, index) => `${first}Kota ${index}`)].sort(),
    );

    const template = await download('/api/import-template/vendor-area', tokens.admin, { vendor: id });
    const again = new FormData();
    for (const [key, value] of Object.entries({ ...fields, _method: 'PUT' })) again.append(key, value);
    again.append('vendor_area_file', new Blob([new Uint8Array(template)]), 'template.xlsx');
    const areaImports = () =>
      api.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'vendor-area.import'), eq(auditLogs.entityId, String(id))));
    const importsBefore = await areaImports();
    // The file goes up with the vendor's form, which saves the vendor itself (and audits that): its areas are
    // what the template round-trips.
    await expectNothingChanged(
      () => api.request(`/api/vendor/${id}`, { token: tokens.admin, form: again }),
      ['vendor_areas'],
    );
    expect(await areaImports()).toEqual(importsBefore);
  });
});
