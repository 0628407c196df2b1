import { and, count, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  brandChannels,
  channelRequestLogs,
  marketplaceListings,
  skuChannels,
} from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import {
  ATASAN_PRIA,
  createListing,
  ETALASE,
  KAOS_PRIA,
  listingBody,
  listingsPath,
  MOUSE,
  uniqueSku,
  UKURAN,
  variantBody,
  WARNA,
  type ListingInput,
} from '../support/marketplace';
import { createCatalogue, type Catalogue } from '../support/world';

let api: TestApi;
let catalogue: Catalogue;
let admin: string;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  admin = await api.login(api.world.users.admin.email);
});

afterAll(async () => {
  await api?.close();
});

const brandA = () => `/api/brand/${api.world.brands.A}`;

async function listingRow(id: number) {
  const [row] = await api.db.select().from(marketplaceListings).where(eq(marketplaceListings.id, id));
  return row;
}

async function logsOf(listingId: number) {
  return api.db
    .select()
    .from(channelRequestLogs)
    .where(eq(channelRequestLogs.listingId, listingId))
    .orderBy(channelRequestLogs.id);
}

async function liveListings() {
  const [{ total }] = await api.db
    .select({ total: count() })
    .from(marketplaceListings)
    .where(isNull(marketplaceListings.deletedAt));
  return total;
}

async function lastLog() {
  const [row] = await api.db
    .select()
    .from(channelRequestLogs)
    .orderBy(channelRequestLogs.id)
    .limit(1)
    .offset((await api.db.select({ total: count() }).from(channelRequestLogs))[0].total - 1);
  return row;
}

describe('a new listing', () => {
  it('is pushed to the sandbox, kept EMPTY with stock −1, and its push is logged with status and duration', async () => {
    const body = listingBody({ sku: catalogue.A.phone.sku, name: 'Ponsel Pintar X 128GB' });
    const response = await api.request(listingsPath(api), { token: admin, json: body });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const data = response.body.data;
    expect(data).toMatchObject({
      name: 'Ponsel Pintar X 128GB',
      sku: catalogue.A.phone.sku,
      price: 75_000,
      status: 'EMPTY',
      stock: -1,
      is_inactive: '0',
      photo_url: '/storage/file/2026/11/kaos.jpg',
      category_id: KAOS_PRIA,
      category_path: [
        { id: 1759, name: 'Fashion Pria' },
        { id: 1760, name: 'Atasan Pria' },
        { id: KAOS_PRIA, name: 'Kaos Pria' },
      ],
    });
    expect(data.external_id).toMatch(/^\d{10,11}$/);
    expect(data.products[0]).toMatchObject({ id: data.external_id, stock: -1, status: 'EMPTY' });

    const [log] = await logsOf(data.id);
    expect(log).toMatchObject({ action: 'create', status: 'success', statusCode: 200, listingId: data.id });
    expect(log.durationMs).toBeGreaterThanOrEqual(0);
    // The marketplace takes a stock of at least 1: below that it goes as 1, flagged as zero stock.
    const sent = (log.request as { products: Record<string, unknown>[] }).products[0];
    expect(sent).toMatchObject({
      stock: 1,
      is_zero_stock: true,
      status: 'EMPTY',
      sku: catalogue.A.phone.sku,
    });
    expect(data.channel_request_log).toMatchObject({ id: log.id, status: 'success', status_code: 200 });
  });

  it('links its SKU to the catalogue product of that SKU', async () => {
    const listing = await createListing(api, admin, listingBody({ sku: catalogue.A.laptop.sku }));
    const [link] = await api.db
      .select()
      .from(skuChannels)
      .where(and(eq(skuChannels.brandId, api.world.brands.A), eq(skuChannels.sku, catalogue.A.laptop.sku)));
    expect(link).toMatchObject({ productId: catalogue.A.laptop.id, externalId: listing.external_id });
  });

  it('with two variant types keeps every combination with its own marketplace id and SKU', async () => {
    const listing = await createListing(api, admin, variantBody());
    const shown = await api.request(`${listingsPath(api)}/${listing.id}`, { token: admin });
    const variants = shown.body.data.variants as Record<string, unknown>[];
    expect(variants.map((row) => row.name)).toEqual(['Merah / M', 'Merah / L', 'Hitam / M', 'Hitam / L']);
    expect(new Set(variants.map((row) => row.product_id)).size).toBe(4);
    expect(variants.every((row) => row.stock === -1 && row.status === 'EMPTY')).toBe(true);
    expect(shown.body.data).toMatchObject({ has_variant: true, price: 80_000 });
    const row = await listingRow(listing.id);
    expect(row.skus).toHaveLength(4);

    const variant = await api.request(`${brandA()}/tokopedia/v2/product/${listing.external_id}/variant`, {
      token: admin,
    });
    expect(variant.body.data.variant.map((type: { name: string }) => type.name)).toEqual([
      'Warna',
      'Ukuran Pakaian',
    ]);
    expect(variant.body.data.default_child).toBe(Number(variants[0].product_id));
  });
});

/** A body that breaks one rule of the marketplace, the field it names, and the message it answers. */
const RULES: [string, () => ListingInput, string, string][] = [
  [
    'a name longer than 70 characters',
    () => listingBody({ name: 'K'.repeat(71) }),
    'name',
    'Nama produk maksimal 70 karakter',
  ],
  [
    'six pictures in a shop that is not official',
    () => listingBody({ pictures: pictures(6) }),
    'pictures',
    'Maksimal 5 gambar untuk toko ini',
  ],
  [
    'a category above the last level',
    () => listingBody({ category_id: ATASAN_PRIA }),
    'category_id',
    'Pilih kategori sampai tingkat terakhir',
  ],
  [
    'a showcase the shop does not have',
    () => listingBody({ etalase: { id: 9 } }),
    'etalase.id',
    'Etalase tidak ditemukan di toko ini',
  ],
  ['a price below Rp100', () => listingBody({ price: 99 }), 'price', 'Harga minimal Rp100'],
  [
    'a preorder of 91 days',
    () => listingBody({ preorder: { is_active: true, duration: 91, time_unit: 'DAY' } }),
    'preorder.duration',
    'Waktu proses maksimal 90 hari',
  ],
  [
    'a preorder of 14 weeks',
    () => listingBody({ preorder: { is_active: true, duration: 14, time_unit: 'WEEK' } }),
    'preorder.duration',
    'Waktu proses maksimal 13 minggu',
  ],
  ['six wholesale tiers', () => listingBody({ wholesale: tiers(6) }), 'wholesale', 'Maksimal 5 harga grosir'],
  [
    'a first wholesale tier not above the minimum order',
    () => listingBody({ min_order: 3, wholesale: [{ min_qty: 3, price: 70_000 }] }),
    'wholesale.0.min_qty',
    'Jumlah grosir harus lebih besar dari minimum pembelian',
  ],
  [
    'wholesale quantities that do not rise',
    () =>
      listingBody({
        wholesale: [
          { min_qty: 5, price: 70_000 },
          { min_qty: 5, price: 65_000 },
        ],
      }),
    'wholesale.1.min_qty',
    'Jumlah grosir harus lebih besar dari tingkat sebelumnya',
  ],
  [
    'wholesale prices that do not fall',
    () =>
      listingBody({
        wholesale: [
          { min_qty: 5, price: 70_000 },
          { min_qty: 10, price: 70_000 },
        ],
      }),
    'wholesale.1.price',
    'Harga grosir harus lebih rendah dari tingkat sebelumnya',
  ],
  [
    'a wholesale price not below the main price',
    () => listingBody({ wholesale: [{ min_qty: 5, price: 75_000 }] }),
    'wholesale.0.price',
    'Harga grosir harus lebih rendah dari harga utama',
  ],
  ['three variant types', () => withSelection(threeTypes()), 'variant.selection', 'Maksimal 2 tipe varian'],
  [
    'a variant type picked twice',
    () => withSelection(twiceWarna()),
    'variant.selection.1.id',
    'Tipe varian tidak boleh dipilih dua kali',
  ],
  [
    'a variant type the category does not offer',
    () => variantBody({ category_id: MOUSE }),
    'variant.selection.1.id',
    'Tipe varian tidak tersedia untuk kategori ini',
  ],
  ['no primary combination', () => primaries([]), 'variant.products', 'Harus ada tepat satu kombinasi utama'],
  [
    'two primary combinations',
    () => primaries([0, 1]),
    'variant.products',
    'Harus ada tepat satu kombinasi utama',
  ],
  [
    'a combination index past its values',
    () => combinationAt(0, [0, 2]),
    'variant.products.0.combination',
    'Kombinasi varian tidak cocok dengan tipe varian',
  ],
  [
    'two combinations with one SKU',
    () => sameSku(),
    'variant.products.1.sku',
    'SKU tidak boleh sama dengan kombinasi lain',
  ],
  [
    'a video that is not a YouTube watch id',
    () => listingBody({ videos: [{ source: 'youtube', url: 'not a video' }] }),
    'videos.0.url',
    'Tautan video harus video YouTube',
  ],
];

function pictures(n: number) {
  return Array.from({ length: n }, (_, index) => ({ file_path: `/storage/file/2026/11/foto-${index}.jpg` }));
}

function tiers(n: number) {
  return Array.from({ length: n }, (_, index) => ({ min_qty: 5 + index * 5, price: 70_000 - index * 1_000 }));
}

type VariantInput = {
  selection: Record<string, unknown>[];
  products: { combination: number[]; is_primary: boolean; sku: string | null }[];
};

function variantOf(body: ListingInput) {
  return body.variant as VariantInput;
}

function withSelection(selection: Record<string, unknown>[]) {
  const body = variantBody();
  variantOf(body).selection = selection;
  variantOf(body).products = variantOf(body)
    .products.map((row) => ({
      ...row,
      combination: selection.map(() => 0),
    }))
    .slice(0, 1);
  return body;
}

function threeTypes() {
  const body = variantBody();
  const [warna, ukuran] = variantOf(body).selection;
  return [warna, ukuran, { id: 30, unit_id: 4, options: [{ unit_value_id: 201, value: '36' }] }];
}

function twiceWarna() {
  const body = variantBody();
  const [warna] = variantOf(body).selection;
  return [warna, warna];
}

function primaries(indexes: number[]) {
  const body = variantBody();
  variantOf(body).products.forEach((row, index) => (row.is_primary = indexes.includes(index)));
  return body;
}

function combinationAt(index: number, combination: number[]) {
  const body = variantBody();
  variantOf(body).products[index].combination = combination;
  return body;
}

function sameSku() {
  const body = variantBody();
  const rows = variantOf(body).products;
  rows[1].sku = rows[0].sku;
  return body;
}

describe('the sandbox refuses what the marketplace would', () => {
  it.each(RULES)('%s', async (_rule, makeBody, field, message) => {
    const before = await liveListings();
    const response = await api.request(listingsPath(api), { token: admin, json: makeBody() });

    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.errors[field]).toContain(message);
    expect(await liveListings()).toBe(before);
    const log = await lastLog();
    expect(log).toMatchObject({ action: 'create', status: 'failed', statusCode: 400, listingId: null });
    expect(JSON.stringify(log.response)).toContain(message);
  });

  it('refuses a SKU another listing of the shop holds, and takes it again once that listing is deleted', async () => {
    const first = await createListing(api, admin);
    const taken = await api.request(listingsPath(api), {
      token: admin,
      json: listingBody({ sku: first.sku }),
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.sku).toEqual(['SKU sudah digunakan produk lain di toko ini']);

    // A combination's SKU counts too.
    const variant = variantBody();
    variantOf(variant).products[2].sku = first.sku;
    const combination = await api.request(listingsPath(api), { token: admin, json: variant });
    expect(combination.body.errors['variant.products.2.sku']).toEqual([
      'SKU sudah digunakan produk lain di toko ini',
    ]);

    // Another brand's shop is another shop.
    expect(
      (await api.request(listingsPath(api, 'B'), { token: admin, json: listingBody({ sku: first.sku }) }))
        .status,
    ).toBe(201);

    expect(
      (await api.request(`${listingsPath(api)}/${first.id}`, { token: admin, method: 'DELETE' })).status,
    ).toBe(200);
    expect(
      (await api.request(listingsPath(api), { token: admin, json: listingBody({ sku: first.sku }) })).status,
    ).toBe(201);
  });

  it('takes up to 7 pictures in an official store, and no more', async () => {
    await api.db
      .update(brandChannels)
      .set({ channelMeta: { is_tkpd_official: true } })
      .where(and(eq(brandChannels.brandId, api.world.brands.B), eq(brandChannels.channelId, 1)));
    const seven = await api.request(listingsPath(api, 'B'), {
      token: admin,
      json: listingBody({ pictures: pictures(7) }),
    });
    expect(seven.status, JSON.stringify(seven.body)).toBe(201);
    const eight = await api.request(listingsPath(api, 'B'), {
      token: admin,
      json: listingBody({ pictures: pictures(8) }),
    });
    expect(eight.body.errors.pictures).toEqual(['Maksimal 7 gambar untuk toko ini']);
    const six = await api.request(listingsPath(api), {
      token: admin,
      json: listingBody({ pictures: pictures(6) }),
    });
    expect(six.body.errors.pictures).toEqual(['Maksimal 5 gambar untuk toko ini']);
  });

  it('takes a preorder of 13 weeks and five wholesale tiers', async () => {
    const listing = await createListing(
      api,
      admin,
      listingBody({ preorder: { is_active: true, duration: 13, time_unit: 'WEEK' }, wholesale: tiers(5) }),
    );
    const shown = await api.request(`${listingsPath(api)}/${listing.id}`, { token: admin });
    expect(shown.body.data.products[0].preorder).toEqual({
      is_active: true,
      duration: 13,
      time_unit: 'WEEK',
    });
    expect(shown.body.data.products[0].wholesale).toHaveLength(5);
  });

  it('answers the required fields of the product form before anything is pushed', async () => {
    const logs = (await api.db.select({ total: count() }).from(channelRequestLogs))[0].total;
    const response = await api.request(listingsPath(api), {
      token: admin,
      json: listingBody({
        name: '',
        pictures: [],
        category_id: null,
        etalase: {},
        sku: '',
        price: null,
        min_order: 0,
        weight: null,
        dimension: {},
        preorder: { is_active: true, duration: 0, time_unit: 'DAY' },
      }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      name: ['Kolom nama tidak boleh kosong'],
      pictures: ['Gambar tidak boleh kosong'],
      category_id: ['Kolom kategori tidak boleh kosong'],
      'etalase.id': ['Etalase tidak boleh kosong'],
      sku: ['Kolom sku tidak boleh kosong'],
      price: ['Kolom harga utama tidak boleh kosong'],
      min_order: ['Kolom minimum pembelian tidak boleh kosong'],
      weight: ['Kolom berat produk tidak boleh kosong'],
      'dimension.length': ['Kolom panjang produk tidak boleh kosong'],
      'dimension.width': ['Kolom lebar produk tidak boleh kosong'],
      'dimension.height': ['Kolom tinggi produk tidak boleh kosong'],
      'preorder.duration': ['Waktu proses tidak boleh kosong'],
    });
    expect((await api.db.select({ total: count() }).from(channelRequestLogs))[0].total).toBe(logs);
  });

  it('answers a marketplace that is down (SANDBOX-FAIL-CREATE) with 502, logging the failure and keeping nothing', async () => {
    const before = await liveListings();
    const response = await api.request(listingsPath(api), {
      token: admin,
      json: listingBody({ sku: uniqueSku('SANDBOX-FAIL-CREATE') }),
    });
    expect(response.status).toBe(502);
    expect(response.body.message).toContain('SANDBOX-FAIL');
    expect(await liveListings()).toBe(before);
    expect(await lastLog()).toMatchObject({ action: 'create', status: 'failed', statusCode: 503 });
  });
});

describe('an edit', () => {
  it('pushes the change and keeps it; the request log shows the success and a refusal, newest first', async () => {
    const listing = await createListing(api, admin);
    const body = listingBody({
      sku: listing.sku,
      name: 'Kaos Polos Premium',
      price: 82_000,
      status: 'LIMITED',
      stock: 40,
    });
    const saved = await api.request(`${listingsPath(api)}/${listing.id}`, {
      method: 'PUT',
      token: admin,
      json: body,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      name: 'Kaos Polos Premium',
      price: 82_000,
      status: 'LIMITED',
      stock: 40,
    });
    expect(saved.body.data.external_id).toBe(listing.external_id);

    const refused = await api.request(`${listingsPath(api)}/${listing.id}`, {
      method: 'PUT',
      token: admin,
      json: { ...body, price: 50 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.price).toEqual(['Harga minimal Rp100']);
    expect(await listingRow(listing.id)).toMatchObject({ price: 82_000 });

    const log = await api.request(`${brandA()}/channel-request-log/1/${listing.id}`, { token: admin });
    expect(log.status).toBe(200);
    expect(
      log.body.data.map((row: { action: string; status: string; status_code: number }) => [
        row.action,
        row.status,
        row.status_code,
      ]),
    ).toEqual([
      ['update', 'failed', 400],
      ['update', 'success', 200],
      ['create', 'success', 200],
    ]);
    expect(log.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 3, from: 1, to: 3 });
    const shown = await api.request(`${listingsPath(api)}/${listing.id}`, {
      token: admin,
      query: { with: 'channelRequestLog' },
    });
    expect(shown.body.data.channel_request_log).toMatchObject({ action: 'update', status: 'failed' });
  });

  it('of a listing that has sold keeps its name; one that has not takes the new name', async () => {
    const sold = await createListing(api, admin);
    await api.db
      .update(marketplaceListings)
      .set({ salesCount: 3 })
      .where(eq(marketplaceListings.id, sold.id));
    const renamed = await api.request(`${listingsPath(api)}/${sold.id}`, {
      method: 'PUT',
      token: admin,
      json: listingBody({ sku: sold.sku, name: 'Nama Baru' }),
    });
    expect(renamed.body.data.name).toBe('Kaos Polos Katun Combed');

    const unsold = await createListing(api, admin);
    const changed = await api.request(`${listingsPath(api)}/${unsold.id}`, {
      method: 'PUT',
      token: admin,
      json: listingBody({ sku: unsold.sku, name: 'Nama Baru' }),
    });
    expect(changed.body.data.name).toBe('Nama Baru');
  });

  it('keeps the marketplace ids of the combinations it keeps', async () => {
    const listing = await createListing(api, admin, variantBody());
    const shown = await api.request(`${listingsPath(api)}/${listing.id}`, { token: admin });
    const body = variantBody();
    variantOf(body).products = variantOf(body).products.map((row, index) => ({
      ...row,
      sku: shown.body.data.variants[index].sku,
    }));
    const saved = await api.request(`${listingsPath(api)}/${listing.id}`, {
      method: 'PUT',
      token: admin,
      json: body,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.variants.map((row: { product_id: string }) => row.product_id)).toEqual(
      shown.body.data.variants.map((row: { product_id: string }) => row.product_id),
    );
  });
});

describe('the active switch', () => {
  it('switches off and on; asked twice, the second changes nothing and pushes nothing', async () => {
    const listing = await createListing(api, admin);
    const off = await api.request(`${listingsPath(api)}/${listing.id}/set-inactive`, {
      method: 'PUT',
      token: admin,
    });
    expect(off.status).toBe(200);
    expect(off.body.data.is_inactive).toBe('1');
    const logs = (await logsOf(listing.id)).length;
    const audits = (await api.db.select({ total: count() }).from(auditLogs))[0].total;

    const again = await api.request(`${listingsPath(api)}/${listing.id}/set-inactive`, {
      method: 'PUT',
      token: admin,
    });
    expect(again.status).toBe(200);
    expect(again.body.data.is_inactive).toBe('1');
    expect(await logsOf(listing.id)).toHaveLength(logs);
    expect((await api.db.select({ total: count() }).from(auditLogs))[0].total).toBe(audits);

    const on = await api.request(`${listingsPath(api)}/${listing.id}/set-active`, {
      method: 'PUT',
      token: admin,
    });
    expect(on.body.data.is_inactive).toBe('0');
    expect((await listingRow(listing.id)).isInactive).toBe(false);
    expect((await logsOf(listing.id)).map((row) => row.action)).toEqual([
      'create',
      'set-inactive',
      'set-active',
    ]);
  });

  it('through tokopedia/product/status the same: asked twice, the second changes nothing and pushes nothing', async () => {
    const listing = await createListing(api, admin);
    const status = (to: 'set-active' | 'set-inactive') =>
      api.request(`/api/brand/${api.world.brands.A}/tokopedia/product/status/${to}`, {
        token: admin,
        json: { product_id: [listing.external_id] },
      });
    expect((await status('set-inactive')).status).toBe(200);
    expect((await listingRow(listing.id)).isInactive).toBe(true);
    const logs = (await logsOf(listing.id)).length;
    const audits = (await api.db.select({ total: count() }).from(auditLogs))[0].total;

    expect((await status('set-inactive')).status).toBe(200);
    expect((await listingRow(listing.id)).isInactive).toBe(true);
    expect(await logsOf(listing.id)).toHaveLength(logs);
    expect((await api.db.select({ total: count() }).from(auditLogs))[0].total).toBe(audits);

    expect((await status('set-active')).status).toBe(200);
    expect((await listingRow(listing.id)).isInactive).toBe(false);
    expect((await status('set-active')).status).toBe(200);
    expect(await logsOf(listing.id)).toHaveLength(logs + 1);
  });

  it('fails when the marketplace fails (SANDBOX-FAIL-STATUS): 502, the listing as it was, the failure logged', async () => {
    const listing = await createListing(api, admin, listingBody({ sku: uniqueSku('SANDBOX-FAIL-STATUS') }));
    const off = await api.request(`${listingsPath(api)}/${listing.id}/set-inactive`, {
      method: 'PUT',
      token: admin,
    });
    expect(off.status).toBe(502);
    expect((await listingRow(listing.id)).isInactive).toBe(false);
    const logs = await logsOf(listing.id);
    expect(logs.at(-1)).toMatchObject({ action: 'set-inactive', status: 'failed', statusCode: 503 });
  });
});

describe('the list', () => {
  it('pages, searches by name or SKU, and sorts newest first unless asked (docs/decisions/051)', async () => {
    const sku = uniqueSku('CARI');
    const found = await createListing(api, admin, listingBody({ sku, name: 'Kemeja Flanel Kotak' }));
    const search = await api.request(listingsPath(api), { token: admin, query: { search: 'flanel' } });
    expect(search.body.data.map((row: { id: number }) => row.id)).toEqual([found.id]);
    expect(
      (await api.request(listingsPath(api), { token: admin, query: { search: sku } })).body.data[0].id,
    ).toBe(found.id);

    const page = await api.request(listingsPath(api), { token: admin, query: { per_page: 2, page: 2 } });
    expect(page.body.meta).toMatchObject({ current_page: 2, per_page: 2, from: 3, to: 4 });
    const all = await api.request(listingsPath(api), { token: admin, query: { per_page: 1000 } });
    const ids = all.body.data.map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const byPrice = await api.request(listingsPath(api), {
      token: admin,
      query: { per_page: 1000, sorted_by: 'price', order_by: 'desc' },
    });
    const prices = byPrice.body.data.map((row: { price: number }) => row.price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => b - a));
    expect(Object.keys(all.body.data[0]).sort()).toEqual(
      [
        'id',
        'name',
        'photo_url',
        'sku',
        'price',
        'stock',
        'status',
        'is_inactive',
        'external_id',
        'has_variant',
        'created_at',
        'updated_at',
      ].sort(),
    );
  });

  it('does not show a deleted listing, whose SKUs leave the catalogue links', async () => {
    const listing = await createListing(api, admin, listingBody({ sku: catalogue.A.charger.sku }));
    const deleted = await api.request(`${listingsPath(api)}/${listing.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(deleted.body).toEqual({ success: true, message: 'Data berhasil dihapus' });
    expect((await api.request(`${listingsPath(api)}/${listing.id}`, { token: admin })).status).toBe(404);
    expect((await listingRow(listing.id)).deletedAt).not.toBeNull();
    const links = await api.db
      .select()
      .from(skuChannels)
      .where(eq(skuChannels.externalId, listing.external_id));
    expect(links).toEqual([]);
    expect((await logsOf(listing.id)).at(-1)).toMatchObject({ action: 'delete', status: 'success' });
  });
});

describe('the lookups', () => {
  it('answer the category tree, the variants of a last-level category and the showcases', async () => {
    const categories = await api.request(`${brandA()}/tokopedia/category`, { token: admin });
    const tree = categories.body.data.categories;
    expect(tree.length).toBeGreaterThanOrEqual(8);
    expect(tree[0]).toMatchObject({ id: 1759, name: 'Fashion Pria' });
    expect(tree[0].child[0].child[0]).toEqual({ id: KAOS_PRIA, name: 'Kaos Pria', child: [] });

    const variants = await api.request(`${brandA()}/tokopedia/variant`, {
      token: admin,
      query: { cat_id: KAOS_PRIA },
    });
    const details = variants.body.data.variant_details;
    expect(details.map((type: { variant_id: number }) => type.variant_id)).toEqual([WARNA.id, UKURAN.id]);
    expect(details[1].units[0].unit_values[2]).toEqual({ value_id: UKURAN.m, value: 'M', hex_code: '' });
    const above = await api.request(`${brandA()}/tokopedia/variant`, {
      token: admin,
      query: { cat_id: ATASAN_PRIA },
    });
    expect(above.body.data.variant_details).toEqual([]);
    expect((await api.request(`${brandA()}/tokopedia/variant`, { token: admin })).status).toBe(422);

    const showcases = await api.request(`${brandA()}/tokopedia/showcase`, { token: admin });
    expect(showcases.body.data.etalase[0]).toEqual({ etalase_id: ETALASE, etalase_name: 'Produk Terbaru' });
    expect(showcases.body.data.shop).toEqual({
      shop_id: 'shop-a-tokopedia',
      is_official: false,
      picture_limit: 5,
    });
  });
});

describe('prices from a file', () => {
  async function importPrices(csv: string) {
    const form = new FormData();
    form.append('file', new Blob([csv]), 'harga.csv');
    return api.request(`${brandA()}/tokopedia/import/product-price`, { token: admin, form });
  }

  it('the template lists every SKU of the shop with its price', async () => {
    const listing = await createListing(api, admin);
    const response = await api.request(`${brandA()}/tokopedia/import-template/product-price`, {
      token: admin,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename=".*\d{2}:\d{2}:\d{2} product\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'listing_id', 'sku', 'name', 'price']);
    const skus: unknown[] = [];
    sheet.eachRow((row) => skus.push(row.getCell(2).value));
    expect(skus).toContain(listing.sku);
  });

  it('pushes each changed listing; a listing the marketplace refuses keeps its price and is reported', async () => {
    const cheap = await createListing(api, admin);
    const refused = await createListing(api, admin);
    const variant = await createListing(api, admin, variantBody());
    const combination = (await api.request(`${listingsPath(api)}/${variant.id}`, { token: admin })).body.data
      .variants[1];
    const response = await importPrices(
      `sku,price\n${cheap.sku},69000\n${refused.sku},50\n${combination.sku},91000\n`,
    );

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ rows: 3, changed: 2 });
    expect(response.body.data.failed_rows_data).toEqual([
      expect.objectContaining({ sku: refused.sku, rows: [3], error: ['Harga minimal Rp100'] }),
    ]);
    expect((await listingRow(cheap.id)).price).toBe(69_000);
    expect((await listingRow(refused.id)).price).toBe(75_000);
    const shown = await api.request(`${listingsPath(api)}/${variant.id}`, { token: admin });
    expect(shown.body.data.variants[1].price).toBe(91_000);
    expect((await logsOf(refused.id)).at(-1)).toMatchObject({ action: 'update', status: 'failed' });
  });

  it('refuses a file with a bad row whole, naming every bad row, and pushes nothing', async () => {
    const listing = await createListing(api, admin);
    const logs = (await logsOf(listing.id)).length;
    const response = await importPrices(
      `sku,price\n${listing.sku},70000\nTIDAK-ADA,1000\n${listing.sku},abc\n`,
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      'rows.3.sku': ['SKU TIDAK-ADA tidak ada di toko ini.'],
      'rows.4.sku': [`SKU ${listing.sku} sudah ada di baris 2.`],
      'rows.4.price': ['Kolom price harus bilangan bulat 0 atau lebih.'],
    });
    expect((await listingRow(listing.id)).price).toBe(75_000);
    expect(await logsOf(listing.id)).toHaveLength(logs);
  });
});

describe("Tokopedia's own product calls", () => {
  const family = () => `${brandA()}/tokopedia/product`;

  it('create several rows at once, answering each refused row with its errors', async () => {
    const good = listingBody();
    const response = await api.request(family(), {
      token: admin,
      json: {
        products: [good, listingBody({ price: 10 })],
        raw_data: [{ categories: [1759, 1760, 1761] }, {}],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.header.messages).toBe('Your request has been processed successfully');
    expect(response.body.data).toMatchObject({ total_data: 2, success_data: 1, fail_data: 1 });
    expect(response.body.data.failed_rows_data[0]).toMatchObject({
      error: ['Harga minimal Rp100'],
      errors: { price: ['Harga minimal Rp100'] },
    });
    const created = response.body.data.success_rows_data[0];
    expect(created).toMatchObject({ sku: good.sku });
    const shown = await api.request(`${listingsPath(api)}/${created.listing_id}`, { token: admin });
    expect(shown.body.data.raw_data).toEqual({ categories: [1759, 1760, 1761] });

    const info = await api.request(`${family().replace('/product', '/v2/product')}/${created.product_id}`, {
      token: admin,
    });
    expect(info.body.data).toMatchObject({
      basic: { productID: created.product_id, name: good.name },
      other: { sku: good.sku },
    });

    const listed = await api.request(family(), { token: admin, query: { search: String(good.sku) } });
    expect(listed.body.data[0]).toMatchObject({
      product_id: created.product_id,
      listing_id: created.listing_id,
      is_zero_stock: true,
    });
  });

  it('update, switch and delete by product id; an id the shop does not hold is a 422 and changes nothing', async () => {
    const listing = await createListing(api, admin);
    const productId = listing.external_id;
    const updated = await api.request(`${family()}/update`, {
      method: 'PUT',
      token: admin,
      json: { products: [{ id: productId, ...listingBody({ sku: listing.sku, price: 99_000 }) }] },
    });
    expect(updated.body.data).toMatchObject({ success_data: 1, fail_data: 0 });
    expect((await listingRow(listing.id)).price).toBe(99_000);

    const unknown = await api.request(`${family()}/status/set-inactive`, {
      token: admin,
      json: { product_id: [productId, '123'] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ 'product_id.1': ['The selected product_id.1 is invalid.'] });
    expect((await listingRow(listing.id)).isInactive).toBe(false);

    const off = await api.request(`${family()}/status/set-inactive`, {
      token: admin,
      json: { product_id: [productId] },
    });
    expect(off.status).toBe(200);
    expect((await listingRow(listing.id)).isInactive).toBe(true);
    await api.request(`${family()}/status/set-active`, {
      token: admin,
      json: { product_id: [Number(productId)] },
    });
    expect((await listingRow(listing.id)).isInactive).toBe(false);

    const deleted = await api.request(`${family()}/delete`, {
      token: admin,
      json: { _method: 'DELETE', product_id: [productId] },
    });
    expect(deleted.status).toBe(200);
    expect((await listingRow(listing.id)).deletedAt).not.toBeNull();
    expect(
      (await api.request(`${family().replace('/product', '/v2/product')}/${productId}`, { token: admin }))
        .status,
    ).toBe(404);
  });
});
