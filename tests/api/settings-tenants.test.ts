import ExcelJS from 'exceljs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandChannels, brands, users, vendorAreas, vendorBrands, vendors } from '../../api/db/schema';
import { CLIENT, startTestApi, type TestApi } from '../support/api';
import { createCatalogue, insertSale, type Catalogue } from '../support/world';

/** Vendors with their areas, the brand's General and Integration tabs, and categories. */

let api: TestApi;
let catalogue: Catalogue;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  for (const key of ['admin', 'keyAccount', 'brandA', 'vendor1'] as const) {
    tokens[key] = await api.login(api.world.users[key].email);
  }
});

afterAll(async () => {
  await api?.close();
});

let sequence = 0;

function vendorForm(fields: Record<string, string | string[]> = {}, file?: File) {
  const form = new FormData();
  const all: Record<string, string | string[]> = {
    name: `Vendor Baru ${++sequence}`,
    address: 'Jl. Sudirman 1',
    city: 'Jakarta',
    postal_code: '12190',
    telephone: '(021) 555-0123',
    lat: '-6.21',
    lng: '106.82',
    is_priority: '1',
    'brand_ids[]': [String(api.world.brands.A)],
    ...fields,
  };
  for (const [key, value] of Object.entries(all)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  if (file) form.append('vendor_area_file', file);
  return form;
}

function csv(text: string) {
  return new File([text], 'area.csv', { type: 'text/csv' });
}

async function areasOf(vendorId: number) {
  return api.db
    .select({ city: vendorAreas.city, postalCode: vendorAreas.postalCode })
    .from(vendorAreas)
    .where(eq(vendorAreas.vendorId, vendorId))
    .orderBy(asc(vendorAreas.city));
}

describe('vendors', () => {
  it('creates a vendor from form data with its area file, serving the chosen brand', async () => {
    const response = await api.request('/api/vendor', {
      token: tokens.admin,
      form: vendorForm(
        {},
        csv(
          'province,city,sub_district,postal_code\nDKI Jakarta,Jakarta Selatan,Kebayoran,12190\nJawa Barat,Bandung,,40111\n',
        ),
      ),
    });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data).toMatchObject({
      telephone: '0215550123',
      is_priority: true,
      brand_ids: [api.world.brands.A],
      vendor_areas: [
        { province: 'DKI Jakarta', city: 'Jakarta Selatan', sub_district: 'Kebayoran', postal_code: '12190' },
        { province: 'Jawa Barat', city: 'Bandung', sub_district: null, postal_code: '40111' },
      ],
    });
    expect(await areasOf(response.body.data.id)).toHaveLength(2);
  });

  it('reads an .xlsx area file as well', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Area');
    sheet.addRow(['province', 'city', 'sub_district', 'postal_code']);
    sheet.addRow(['Jawa Timur', 'Surabaya', 'Gubeng', '60281']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const file = new File([bytes], 'area.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });

    const response = await api.request('/api/vendor', { token: tokens.admin, form: vendorForm({}, file) });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(await areasOf(response.body.data.id)).toEqual([{ city: 'Surabaya', postalCode: '60281' }]);
  });

  it('refuses an area file with bad rows whole, naming every row and column, and creates nothing', async () => {
    const name = 'Vendor Berkas Salah';
    const response = await api.request('/api/vendor', {
      token: tokens.admin,
      form: vendorForm({ name }, csv('city,postal_code\nJakarta,1234\n,40111\nBandung,40111\n')),
    });

    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({
      'vendor_area_file.2.postal_code': ['Baris 2, kolom postal_code: harus 5 angka.'],
      'vendor_area_file.3.city': ['Baris 3, kolom city: wajib diisi.'],
    });
    expect(response.body.errors['vendor_area_file.4.city']).toBeUndefined();
    expect(await api.db.select().from(vendors).where(eq(vendors.name, name))).toEqual([]);
  });

  it('refuses a file that is neither csv nor a spreadsheet', async () => {
    const file = new File([Buffer.from([0x00, 0x01, 0x02, 0xff, 0x00])], 'area.csv');
    const response = await api.request('/api/vendor', { token: tokens.admin, form: vendorForm({}, file) });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['vendor_area_file']);
  });

  it('validates the form as the spec says: postal code of 5 digits, Indonesian telephone, pin address', async () => {
    const response = await api.request('/api/vendor', {
      token: tokens.admin,
      form: vendorForm({ postal_code: '12a45', telephone: '12345', lat: '', name: '' }),
    });

    expect(response.status).toBe(422);
    expect(response.body.errors.postal_code).toEqual(['Postal Code must match number only']);
    expect(response.body.errors.telephone[0]).toContain('Indonesian phone');
    expect(Object.keys(response.body.errors).sort()).toEqual(['lat', 'name', 'postal_code', 'telephone']);
  });

  it('updates with _method=PUT, replacing the areas with the new file’s and keeping them without one', async () => {
    const created = await api.request('/api/vendor', {
      token: tokens.admin,
      form: vendorForm({}, csv('city\nMedan\n')),
    });
    const id = created.body.data.id;

    const replaced = await api.request(`/api/vendor/${id}`, {
      token: tokens.admin,
      form: vendorForm({ _method: 'PUT', name: 'Vendor Ganti' }, csv('city\nPadang\nPekanbaru\n')),
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect((await areasOf(id)).map((area) => area.city)).toEqual(['Padang', 'Pekanbaru']);

    const kept = await api.request(`/api/vendor/${id}`, {
      token: tokens.admin,
      form: vendorForm({ _method: 'PUT' }),
    });
    expect(kept.status).toBe(200);
    expect((await areasOf(id)).map((area) => area.city)).toEqual(['Padang', 'Pekanbaru']);
  });

  it('leaves a vendor that also serves another brand to staff of every brand it serves', async () => {
    const v3 = api.world.vendors.V3;
    const [before] = await api.db.select().from(vendors).where(eq(vendors.id, v3));
    // Its areas and priority choose vendors for the other brand's invoices too (decision 022).
    const shared = await api.request(`/api/vendor/${v3}`, {
      token: tokens.keyAccount,
      form: vendorForm({
        _method: 'PUT',
        name: 'Vendor Diambil',
        'brand_ids[]': [String(api.world.brands.A)],
      }),
    });

    expect(shared.status, JSON.stringify(shared.body)).toBe(403);
    const [after] = await api.db.select().from(vendors).where(eq(vendors.id, v3));
    expect(after).toEqual(before);
    const served = await api.db.select().from(vendorBrands).where(eq(vendorBrands.vendorId, v3));
    expect(served.map((row) => row.brandId).sort()).toEqual([api.world.brands.A, api.world.brands.B].sort());

    const foreign = await api.request(`/api/vendor/${api.world.vendors.V1}`, {
      token: tokens.keyAccount,
      form: vendorForm({
        _method: 'PUT',
        'brand_ids[]': [String(api.world.brands.A), String(api.world.brands.B)],
      }),
    });
    expect(foreign.status).toBe(422);
  });

  it('refuses to delete a vendor with open orders, and deletes one without', async () => {
    await insertSale(api.db, {
      brandId: api.world.brands.A,
      channelId: api.world.channels.tokopedia,
      createdAt: api.clock.now,
      status: 'new',
      lines: [{ productId: catalogue.A.phone.id, quantity: 1, price: catalogue.A.phone.price }],
      orders: [{ vendorId: api.world.vendors.V1, status: 'new' }],
    });
    const refused = await api.request(`/api/vendor/${api.world.vendors.V1}`, {
      method: 'DELETE',
      token: tokens.admin,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Vendor masih memiliki \d+ pesanan yang belum selesai\.$/);
    const [kept] = await api.db.select().from(vendors).where(eq(vendors.id, api.world.vendors.V1));
    expect(kept.deletedAt).toBeNull();

    const created = await api.request('/api/vendor', { token: tokens.admin, form: vendorForm() });
    const deleted = await api.request(`/api/vendor/${created.body.data.id}`, {
      method: 'DELETE',
      token: tokens.admin,
    });
    expect(deleted.status).toBe(200);
    expect((await api.request(`/api/vendor/${created.body.data.id}`, { token: tokens.admin })).status).toBe(
      404,
    );
  });

  it("switches a deleted vendor's users off: their tokens stop working and they cannot sign in", async () => {
    const created = await api.request('/api/vendor', { token: tokens.admin, form: vendorForm() });
    const vendorId = created.body.data.id;
    const email = `gudang.${vendorId}@world.test`;
    const user = await api.request('/api/user', {
      token: tokens.admin,
      json: {
        name: 'Gudang Tutup',
        email,
        mobile_phone: '081234567890',
        password: 'rahasia-123',
        role_id: 2,
        role_name: 'Vendor',
        vendor_id: vendorId,
      },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const token = await api.login(email, 'rahasia-123');
    expect((await api.request('/api/account', { token })).status).toBe(200);

    const deleted = await api.request(`/api/vendor/${vendorId}`, { method: 'DELETE', token: tokens.admin });

    expect(deleted.status).toBe(200);
    expect((await api.request('/api/account', { token })).status).toBe(401);
    const signIn = await api.request('/oauth/token', {
      json: {
        grant_type: 'password',
        username: email,
        password: 'rahasia-123',
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      },
    });
    expect(signIn.status).not.toBe(200);
    const [row] = await api.db.select().from(users).where(eq(users.email, email));
    expect(row.isActive).toBe(false);
  });

  it('keeps vendor users out of vendor management', async () => {
    const response = await api.request('/api/vendor', { token: tokens.vendor1, form: vendorForm() });
    expect(response.status).toBe(403);
  });

  it('hands the area template as an .xlsx with the vendor’s areas', async () => {
    const created = await api.request('/api/vendor', {
      token: tokens.admin,
      form: vendorForm({}, csv('city\nMakassar\n')),
    });
    const response = await api.request('/api/import-template/vendor-area', {
      token: tokens.admin,
      query: { vendor: created.body.data.id },
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="\d{4}-\d\d-\d\d \d\d:\d\d:\d\d vendor-area\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.bytes as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['province', 'city', 'sub_district', 'postal_code'],
      [undefined, 'Makassar'],
    ]);
  });
});

describe('brand', () => {
  const body = {
    name: 'Brand A',
    address: 'Jl. Thamrin 2',
    city: 'Jakarta',
    postal_code: '10350',
    telephone: '021-3900100',
    fax: '021-3900101',
    lat: -6.19,
    lng: 106.82,
  };

  it('updates General and Integration: the pin address and each channel’s shop id and official flag', async () => {
    const response = await api.request(`/api/brand/${api.world.brands.A}`, {
      method: 'PUT',
      token: tokens.keyAccount,
      json: {
        ...body,
        channels: [
          { channel_id: 1, tokopedia_shop_id: 'shop-baru', channel_meta: { is_tkpd_official: true } },
        ],
      },
    });

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ lat: -6.19, lng: 106.82, fax: '0213900101' });
    const links = await api.db
      .select()
      .from(brandChannels)
      .where(eq(brandChannels.brandId, api.world.brands.A));
    expect(links.find((link) => link.channelId === 1)).toMatchObject({
      shopId: 'shop-baru',
      channelMeta: { is_tkpd_official: true },
    });
    expect(links.find((link) => link.channelId === 2)?.shopId).toBe('shop-a-shopee');
  });

  it('asks for the fax and a 5-digit postal code', async () => {
    const response = await api.request(`/api/brand/${api.world.brands.A}`, {
      method: 'PUT',
      token: tokens.admin,
      json: { ...body, fax: undefined, postal_code: '1035' },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['fax', 'postal_code']);
  });

  it('refuses a brand user without brand.update, and a key account another brand', async () => {
    const own = await api.request(`/api/brand/${api.world.brands.A}`, {
      method: 'PUT',
      token: tokens.brandA,
      json: body,
    });
    expect(own.status).toBe(403);
    const foreign = await api.request(`/api/brand/${api.world.brands.B}`, {
      method: 'PUT',
      token: tokens.keyAccount,
      json: { ...body, name: 'Diambil' },
    });
    expect(foreign.status).toBe(404);
    const [brandB] = await api.db.select().from(brands).where(eq(brands.id, api.world.brands.B));
    expect(brandB.name).toBe('Brand B');
  });
});

describe('categories', () => {
  const path = () => `/api/brand/${api.world.brands.A}/category`;

  it('creates a category under a top-level parent, with its structure name', async () => {
    const response = await api.request(path(), {
      token: tokens.admin,
      json: { name: 'Tablet', parent_id: api.world.categories.A.parent },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      structure_name: 'Elektronik > Tablet',
      parent: { name: 'Elektronik' },
    });
  });

  it('refuses a parent that is itself a sub category, or of another brand', async () => {
    for (const parentId of [api.world.categories.A.children[0], api.world.categories.B.parent]) {
      const response = await api.request(path(), {
        token: tokens.admin,
        json: { name: 'Terlalu Dalam', parent_id: parentId },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors.parent_id).toEqual(['The selected parent id is invalid.']);
    }
  });

  it('refuses to delete a category with sub categories or with products', async () => {
    const parent = await api.request(`${path()}/${api.world.categories.A.parent}`, {
      method: 'DELETE',
      token: tokens.admin,
    });
    expect(parent.status).toBe(422);
    expect(parent.body.message).toBe('Kategori masih memiliki sub kategori.');

    // The catalogue's laptop is in the first sub category of Elektronik.
    const withProducts = await api.request(`${path()}/${api.world.categories.A.children[0]}`, {
      method: 'DELETE',
      token: tokens.admin,
    });
    expect(withProducts.status).toBe(422);
    expect(withProducts.body.message).toMatch(/^Kategori masih digunakan oleh \d+ produk\.$/);
  });

  it('deletes an unused category, which then reads as gone', async () => {
    const created = await api.request(path(), { token: tokens.admin, json: { name: 'Sementara' } });
    const deleted = await api.request(`${path()}/${created.body.data.id}`, {
      method: 'DELETE',
      token: tokens.admin,
    });
    expect(deleted.status).toBe(200);
    expect((await api.request(`${path()}/${created.body.data.id}`, { token: tokens.admin })).status).toBe(
      404,
    );
  });

  it('refuses category writes to a brand user without the permission', async () => {
    const response = await api.request(path(), { token: tokens.brandA, json: { name: 'Tidak Boleh' } });
    expect(response.status).toBe(403);
  });
});

describe('shipping methods', () => {
  it('lists each channel’s couriers, and a switched-off one drops out of what an order offers', async () => {
    const listed = await api.request('/api/shipping-method', {
      token: tokens.vendor1,
      query: { channel: 1 },
    });
    expect(listed.body.data.map((row: { name: string }) => row.name)).toEqual(['JNE', 'SiCepat', 'TIKI']);
    const tiki = listed.body.data.find((row: { name: string }) => row.name === 'TIKI');

    const switched = await api.request(`/api/shipping-method/${tiki.id}`, {
      method: 'PUT',
      token: tokens.admin,
      json: { is_active: false },
    });
    expect(switched.status).toBe(200);

    const offered = await api.request('/api/shipping-method', {
      token: tokens.vendor1,
      query: { channel: 1, active: 1 },
    });
    expect(offered.body.data.map((row: { name: string }) => row.name)).toEqual(['JNE', 'SiCepat']);
  });

  it('lets only administrators switch them: they are every brand’s', async () => {
    const listed = await api.request('/api/shipping-method', { token: tokens.brandA });
    const first = listed.body.data[0];
    for (const token of [tokens.keyAccount, tokens.brandA, tokens.vendor1]) {
      const response = await api.request(`/api/shipping-method/${first.id}`, {
        method: 'PUT',
        token,
        json: { is_active: !first.is_active },
      });
      expect(response.status).toBe(403);
    }
    const after = await api.request('/api/shipping-method', { token: tokens.brandA });
    expect(after.body.data[0].is_active).toBe(first.is_active);
  });
});
