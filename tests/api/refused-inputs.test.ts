import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceListings, vendorStocks } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createListing, listingBody, listingsPath } from '../support/marketplace';
import { createCatalogue, type Catalogue } from '../support/world';

/** Inputs a probe found answered with a 500: each is refused with a 4xx and changes nothing. */

let api: TestApi;
let admin: string;
let catalogue: Catalogue;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  admin = await api.login(api.world.users.admin.email);
});

afterAll(async () => {
  await api?.close();
});

describe("a listing's raw_data", () => {
  it.each([
    ['a NUL', 'warna\u0000'],
    ['a lone surrogate', 'warna\ud800'],
  ])('with %s in an object key is a 422 on raw_data, and the listing is unchanged', async (_, key) => {
    const listing = await createListing(api, admin);
    const [before] = await api.db
      .select()
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, listing.id));
    const response = await api.request(`${listingsPath(api)}/${listing.id}`, {
      method: 'PUT',
      token: admin,
      json: { ...listingBody({ sku: listing.sku }), raw_data: { [key]: 'merah' } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['raw_data']);
    const [after] = await api.db
      .select()
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, listing.id));
    expect(after).toEqual(before);
  });
});

function csvForm(content: Buffer, fileName = 'berkas.csv') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), fileName);
  return form;
}

/** A csv past its first 8 KiB (the part the check for a binary file reads) before the row with the NUL. */
function csvWithLateNul(column: string, sku: string) {
  const filler = Array.from({ length: 1000 }, () => `${sku},1`).join('\n');
  return Buffer.from(`sku,${column}\n${filler}\n${sku},1\u0000\n`);
}

describe('a NUL byte in a csv cell after the first 8 KB', () => {
  it('is a 422 on file from the vendor stock import, and no stock changes', async () => {
    const before = await api.db
      .select()
      .from(vendorStocks)
      .orderBy(vendorStocks.vendorId, vendorStocks.productId);
    const content = csvWithLateNul('quantity', catalogue.A.laptop.sku);
    expect(content.indexOf(0)).toBeGreaterThan(8192);
    const response = await api.request(`/api/vendor/${api.world.vendors.V1}/product-stock/import`, {
      token: admin,
      form: csvForm(content),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.file).toEqual(['Row 1002 has a null character.']);
    expect(
      await api.db.select().from(vendorStocks).orderBy(vendorStocks.vendorId, vendorStocks.productId),
    ).toEqual(before);
  });

  it('is a 422 on file from the brand price import and from the listing price import', async () => {
    for (const path of [
      `/api/brand/${api.world.brands.A}/import/product-price`,
      `/api/brand/${api.world.brands.A}/tokopedia/import/product-price`,
    ]) {
      const column = path.includes('tokopedia') ? 'price' : 'vendor_price';
      expect(csvWithLateNul(column, catalogue.A.laptop.sku).indexOf(0)).toBeGreaterThan(8192);
      const response = await api.request(path, {
        token: admin,
        form: csvForm(csvWithLateNul(column, catalogue.A.laptop.sku)),
      });
      expect(response.status, path).toBe(422);
      expect(response.body.errors.file, path).toEqual(['Row 1002 has a null character.']);
    }
  });
});

describe('an unterminated multipart body to an import', () => {
  it.each([
    () => `/api/vendor/${api.world.vendors.V1}/product-stock/import`,
    () => `/api/brand/${api.world.brands.A}/import/product-price`,
    () => `/api/brand/${api.world.brands.A}/tokopedia/import/product-price`,
  ])('is a 400 saying the form cannot be read (%#)', async (path) => {
    const response = await api.request(path(), {
      token: admin,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      raw: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nsku,quantity\n',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The request body is not a valid form.');
  });
});

describe('ids in a path or a query are decimal digits', () => {
  it.each(['0x10', '1e1', '%2016', '+16', '16.0'])('%s names no listing and no brand: 404', async (raw) => {
    const listing = await createListing(api, admin);
    expect((await api.request(`${listingsPath(api)}/${listing.id}`, { token: admin })).status).toBe(200);
    const spelled = raw.replace('16', String(listing.id)).replace('0x10', `0x${listing.id.toString(16)}`);
    const byListing = await api.request(`${listingsPath(api)}/${spelled}`, { token: admin });
    expect(byListing.status, spelled).toBe(404);
    const brand = raw
      .replace('16', String(api.world.brands.A))
      .replace('0x10', `0x${api.world.brands.A.toString(16)}`);
    const byBrand = await api.request(`/api/brand/${brand}/tokopedia/product-commerce`, { token: admin });
    expect(byBrand.status, brand).toBe(404);
  });

  it('a query id written in hex is refused, not read as the record it would be', async () => {
    const hex = `0x${api.world.vendors.V1.toString(16)}`;
    const response = await api.request(`/api/brand/${api.world.brands.A}/order`, {
      token: admin,
      query: { 'vendor[]': hex },
    });
    expect(response.status).toBe(422);
  });
});
