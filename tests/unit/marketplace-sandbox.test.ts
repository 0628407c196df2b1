import { describe, expect, it } from 'vitest';
import type { ChannelProduct, ChannelShop, ShopCatalog } from '../../api/domains/marketplace/channel-adapter';
import { outgoing } from '../../api/domains/marketplace/payload';
import { sandboxAdapter } from '../../api/domains/marketplace/sandbox';

/**
 * The sandbox adapter on its own: the rules a client of the adapter meets even when the API's own checks are
 * not in front of it, stock below 1, and the failures asked for by SKU.
 */

const shop: ChannelShop = { brandId: 1, channelId: 1, shopId: 'shop-1', isOfficial: false };

/** A shop whose other products hold `held`. */
function catalogHolding(held: string[] = []): ShopCatalog {
  return { skusInUse: async (skus) => skus.filter((sku) => held.includes(sku)) };
}

function product(overrides: Partial<ChannelProduct> = {}): ChannelProduct {
  return {
    name: 'Mouse Nirkabel Senyap',
    description: 'Mouse 2.4 GHz dengan klik senyap.',
    condition: 'NEW',
    category_id: 311,
    etalase: { id: 1006 },
    sku: 'MOUSE-01',
    price: 129_000,
    status: 'LIMITED',
    stock: 12,
    min_order: 1,
    weight: 120,
    weight_unit: 'GR',
    dimension: { length: 12, width: 7, height: 4 },
    preorder: { is_active: false, duration: null, time_unit: 'DAY' },
    pictures: [{ file_path: '/storage/file/mouse.jpg' }],
    videos: [{ source: 'youtube', url: 'dQw4w9WgXcQ' }],
    wholesale: [],
    variant: null,
    ...overrides,
  };
}

const adapter = sandboxAdapter();

describe('the sandbox adapter', () => {
  it('takes a valid product and assigns it a product id', async () => {
    const outcome = await adapter.create({ shop, catalog: catalogHolding(), product: product() });
    expect(outcome).toMatchObject({ ok: true, statusCode: 200, action: 'create' });
    expect(outcome.ids?.product_id).toMatch(/^\d{10,11}$/);
  });

  it('refuses every missing required field with the product’s messages', async () => {
    const outcome = await adapter.create({
      shop,
      catalog: catalogHolding(),
      product: product({
        name: ' ',
        pictures: [],
        category_id: null,
        etalase: { id: null },
        sku: null,
        price: null,
        min_order: null,
        weight: null,
        dimension: { length: null, width: 0, height: null },
        preorder: { is_active: true, duration: null, time_unit: 'WEEK' },
      }),
    });
    expect(outcome.statusCode).toBe(400);
    expect(outcome.errors).toEqual({
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
    const row = (outcome.response as { data: { failed_rows_data: { error: string[] }[] } }).data
      .failed_rows_data[0];
    expect(row.error[0]).toBe('Kolom nama tidak boleh kosong');
  });

  it('refuses a stock below 1, which a client sends as 1 flagged as zero stock', async () => {
    const empty = product({ stock: 0 });
    const refused = await adapter.create({ shop, catalog: catalogHolding(), product: empty });
    expect(refused.errors.stock).toEqual([
      'Stok minimal 1; stok kosong dikirim sebagai 1 dengan tanda stok kosong',
    ]);
    expect(outgoing(empty)).toMatchObject({ stock: 1, is_zero_stock: true });
    const taken = await adapter.create({ shop, catalog: catalogHolding(), product: outgoing(empty) });
    expect(taken.ok).toBe(true);
  });

  it("refuses a SKU the shop's other products hold, except the product's own on update", async () => {
    const refused = await adapter.create({ shop, catalog: catalogHolding(['MOUSE-01']), product: product() });
    expect(refused.errors.sku).toEqual(['SKU sudah digunakan produk lain di toko ini']);
    const asked: (string | null | undefined)[] = [];
    const catalog: ShopCatalog = {
      skusInUse: async (_skus, except) => {
        asked.push(except);
        return [];
      },
    };
    await adapter.update({
      shop,
      catalog,
      ids: { product_id: '2100000001', children: [] },
      product: product(),
    });
    expect(asked).toEqual(['2100000001']);
  });

  it('fails on demand by SKU, for the kind of push the SKU names only', async () => {
    const failing = product({ sku: 'SANDBOX-FAIL-STATUS-01' });
    const created = await adapter.create({ shop, catalog: catalogHolding(), product: failing });
    expect(created.ok).toBe(true);
    const ref = { product_id: created.ids?.product_id ?? '', name: failing.name, sku: failing.sku, skus: [] };
    const switched = await adapter.setStatus({ shop, products: [ref], active: false });
    expect(switched).toMatchObject({ ok: false, statusCode: 503 });
    expect((await adapter.remove({ shop, products: [ref] })).ok).toBe(true);
    const always = await adapter.remove({ shop, products: [{ ...ref, sku: 'SANDBOX-FAIL-ALL' }] });
    expect(always.statusCode).toBe(503);
  });
});
