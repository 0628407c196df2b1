import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceListings, orders, sendPayments } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { insertCustomer, insertProduct, insertSale } from '../support/world';

/**
 * The header's search box (GET /api/search): each kind found by each of its fields, only within the caller's
 * tenancy, no group of a kind the caller's permissions do not list, and a one-letter query refused.
 */

let api: TestApi;
let tokens: Record<'admin' | 'keyAccount' | 'brandA' | 'brandB' | 'vendor1' | 'vendor2', string>;

type Hit = { kind: string; id: number; title: string; subtitle: string; path: string };
type Group = { kind: string; hits: Hit[] };

/** Records of brand A (served by Vendor Satu) and brand B (served by Vendor Dua), with words no other holds. */
const made = {
  orderA: 0,
  orderANumber: '',
  orderB: 0,
  orderBNumber: '',
  invoiceA: 0,
  invoiceB: 0,
  customerA: 0,
  customerB: 0,
  productA: 0,
  productB: 0,
  listingA: 0,
  voucherA: 0,
};

beforeAll(async () => {
  api = await startTestApi();
  const { world, db } = api;
  const keys = ['admin', 'keyAccount', 'brandA', 'brandB', 'vendor1', 'vendor2'] as const;
  const signed = await Promise.all(keys.map((key) => api.login(world.users[key].email)));
  tokens = Object.fromEntries(keys.map((key, index) => [key, signed[index]])) as typeof tokens;

  made.customerA = await insertCustomer(db, {
    brandId: world.brands.A,
    name: 'Kirana Wulandari',
    phone: '0813-7777-1234',
    email: 'kirana.w@example.test',
    city: 'Depok',
  });
  made.customerB = await insertCustomer(db, {
    brandId: world.brands.B,
    name: 'Kirana Putri',
    phone: '0813-7777-9999',
    email: 'kirana.p@example.test',
  });
  const saleA = await insertSale(db, {
    brandId: world.brands.A,
    channelId: world.channels.tokopedia,
    createdAt: new Date('2026-03-01T03:00:00Z'),
    status: 'new',
    lines: [{ productId: null, quantity: 1, price: 10_000 }],
    customerId: made.customerA,
    customerName: 'Kirana Wulandari',
    externalNumber: 'INV/20260301/MPL/7001',
    orders: [{ vendorId: world.vendors.V1, status: 'on_delivery' }],
  });
  const saleB = await insertSale(db, {
    brandId: world.brands.B,
    channelId: world.channels.tokopedia,
    createdAt: new Date('2026-03-01T04:00:00Z'),
    status: 'new',
    lines: [{ productId: null, quantity: 1, price: 10_000 }],
    customerId: made.customerB,
    customerName: 'Kirana Putri',
    externalNumber: 'INV/20260301/MPL/7002',
    orders: [{ vendorId: world.vendors.V2, status: 'on_delivery' }],
  });
  made.invoiceA = saleA.invoiceId;
  made.invoiceB = saleB.invoiceId;
  [made.orderA] = saleA.orderIds;
  [made.orderB] = saleB.orderIds;
  // Numbers of the shape the API gives them, so that a prefix is a real order number's start.
  made.orderANumber = 'SO/2026/03/770001';
  made.orderBNumber = 'SO/2026/03/770002';
  await db
    .update(orders)
    .set({ number: made.orderANumber, shippingNumber: 'JNE7700AAA' })
    .where(eq(orders.id, made.orderA));
  await db
    .update(orders)
    .set({ number: made.orderBNumber, shippingNumber: 'JNE7700BBB' })
    .where(eq(orders.id, made.orderB));

  made.productA = await insertProduct(db, {
    brandId: world.brands.A,
    categoryId: null,
    name: 'Xenon Lampu Meja',
    sku: 'XEN-A-001',
  });
  made.productB = await insertProduct(db, {
    brandId: world.brands.B,
    categoryId: null,
    name: 'Xenon Kaos',
    sku: 'XEN-B-001',
  });
  const [listing] = await db
    .insert(marketplaceListings)
    .values({
      brandId: world.brands.A,
      channelId: world.channels.tokopedia,
      name: 'Quasar Lampu Tidur',
      sku: 'QSR-100',
      skus: ['QSR-100', 'QSR-100-MERAH'],
    })
    .returning({ id: marketplaceListings.id });
  made.listingA = listing.id;
  const [voucher] = await db
    .insert(sendPayments)
    .values({
      number: 'BKK/2026/03/0042',
      brandId: world.brands.A,
      vendorId: world.vendors.V1,
      date: '2026-03-02',
    })
    .returning({ id: sendPayments.id });
  made.voucherA = voucher.id;
}, 120_000);

afterAll(async () => {
  await api?.close();
});

async function search(token: string, q: string) {
  const response = await api.request('/api/search', { token, query: { q } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as Group[];
}

function idsOf(groups: Group[], kind: string) {
  return groups.find((group) => group.kind === kind)?.hits.map((hit) => hit.id) ?? [];
}

function kindsOf(groups: Group[]) {
  return groups.map((group) => group.kind);
}

describe('each kind by each of its fields', () => {
  it('finds an order by the start of its number, in any case, with the path that opens it', async () => {
    const groups = await search(tokens.admin, 'so/2026/03/77000');
    expect(idsOf(groups, 'order')).toEqual([made.orderA, made.orderB]);
    const hit = groups.find((group) => group.kind === 'order')?.hits[0];
    expect(hit).toMatchObject({
      kind: 'order',
      id: made.orderA,
      title: made.orderANumber,
      path: `/order/${made.orderA}`,
    });
    expect(hit?.subtitle).toContain('INV/20260301/MPL/7001');
  });

  it('does not match an order number from its middle (a prefix, not a contains)', async () => {
    expect(idsOf(await search(tokens.admin, '770001'), 'order')).toEqual([]);
  });

  it('finds an order by its marketplace number and by its tracking number, exactly', async () => {
    expect(idsOf(await search(tokens.admin, 'INV/20260301/MPL/7001'), 'order')).toEqual([made.orderA]);
    expect(idsOf(await search(tokens.admin, 'jne7700aaa'), 'order')).toEqual([made.orderA]);
    expect(idsOf(await search(tokens.admin, 'JNE7700'), 'order')).toEqual([]);
  });

  it('finds an invoice by its marketplace number', async () => {
    const groups = await search(tokens.admin, 'INV/20260301/MPL/7002');
    expect(idsOf(groups, 'invoice')).toEqual([made.invoiceB]);
    expect(groups.find((group) => group.kind === 'invoice')?.hits[0].path).toBe(`/invoice/${made.invoiceB}`);
  });

  it('finds a customer by the start of the name, by phone written any way, and by email', async () => {
    expect(idsOf(await search(tokens.admin, 'kirana'), 'customer')).toEqual([made.customerB, made.customerA]);
    expect(idsOf(await search(tokens.admin, '+62 813 7777 1234'), 'customer')).toEqual([made.customerA]);
    expect(idsOf(await search(tokens.admin, '081377771234'), 'customer')).toEqual([made.customerA]);
    const byEmail = await search(tokens.admin, 'Kirana.W@example.test');
    expect(idsOf(byEmail, 'customer')).toEqual([made.customerA]);
    expect(byEmail.find((group) => group.kind === 'customer')?.hits[0].path).toBe(
      '/customer/Kirana%20Wulandari?phone=0813-7777-1234&email=kirana.w%40example.test',
    );
  });

  it('finds a brand product by the start of its name and of its SKU', async () => {
    expect(idsOf(await search(tokens.admin, 'xenon'), 'product')).toEqual([made.productB, made.productA]);
    const bySku = await search(tokens.admin, 'xen-a');
    expect(idsOf(bySku, 'product')).toEqual([made.productA]);
    expect(bySku.find((group) => group.kind === 'product')?.hits[0].path).toBe(`/stock/${made.productA}`);
  });

  it("finds a marketplace listing by name, by SKU, and by a variant's SKU", async () => {
    expect(idsOf(await search(tokens.admin, 'quasar'), 'listing')).toEqual([made.listingA]);
    expect(idsOf(await search(tokens.admin, 'qsr-1'), 'listing')).toEqual([made.listingA]);
    const byVariant = await search(tokens.admin, 'QSR-100-MERAH');
    expect(idsOf(byVariant, 'listing')).toEqual([made.listingA]);
    expect(byVariant.find((group) => group.kind === 'listing')?.hits[0].path).toBe(
      `/product/${made.listingA}`,
    );
  });

  it('finds a vendor by the start of its name', async () => {
    const groups = await search(tokens.admin, 'vendor t');
    expect(idsOf(groups, 'vendor')).toEqual([api.world.vendors.V3]);
    expect(groups.find((group) => group.kind === 'vendor')?.hits[0].path).toBe(
      `/settings/vendor/${api.world.vendors.V3}`,
    );
  });

  it('finds a payment voucher by the start of its number', async () => {
    const groups = await search(tokens.admin, 'bkk/2026');
    expect(idsOf(groups, 'voucher')).toEqual([made.voucherA]);
    expect(groups.find((group) => group.kind === 'voucher')?.hits[0].path).toBe(
      `/send-payment/${made.voucherA}`,
    );
  });

  it('takes a LIKE wildcard literally', async () => {
    const groups = await search(tokens.admin, '%a');
    expect(groups.every((group) => group.hits.length === 0)).toBe(true);
  });

  it('answers a term ending in the highest character there is, or outside the basic plane, with no hit', async () => {
    for (const q of ['zirkon\u{10ffff}', 'zi\u{1f600}', '\u{1f600}\u{1f600}']) {
      expect((await search(tokens.admin, q)).every((group) => group.hits.length === 0)).toBe(true);
    }
  });

  it('finds by a prefix up to its last character, not past it', async () => {
    const productId = await insertProduct(api.db, {
      brandId: api.world.brands.A,
      categoryId: null,
      name: 'Kopi Tubruk',
      sku: 'KPT-9',
    });
    expect(idsOf(await search(tokens.admin, 'kopi tub'), 'product')).toContain(productId);
    expect(idsOf(await search(tokens.admin, 'kopi tuc'), 'product')).not.toContain(productId);
    expect(idsOf(await search(tokens.admin, 'kopi tua'), 'product')).not.toContain(productId);
  });

  it('gives at most five of a kind', async () => {
    for (let index = 0; index < 7; index++) {
      await insertProduct(api.db, {
        brandId: api.world.brands.A,
        categoryId: null,
        name: `Zirkon ${index}`,
        sku: `ZRK-${index}`,
      });
    }
    expect(idsOf(await search(tokens.admin, 'zirkon'), 'product')).toHaveLength(5);
  });
});

describe('tenancy', () => {
  it("a brand's user finds its own brand's records, never another brand's", async () => {
    const groups = await search(tokens.brandA, 'kirana');
    expect(idsOf(groups, 'customer')).toEqual([made.customerA]);
    expect(idsOf(await search(tokens.brandA, 'SO/2026/03/77'), 'order')).toEqual([made.orderA]);
    expect(idsOf(await search(tokens.brandA, 'INV/20260301/MPL/7002'), 'invoice')).toEqual([]);
    expect(idsOf(await search(tokens.brandA, 'INV/20260301/MPL/7002'), 'order')).toEqual([]);
    expect(idsOf(await search(tokens.brandA, 'xenon'), 'product')).toEqual([made.productA]);
    expect(idsOf(await search(tokens.brandB, 'quasar'), 'listing')).toEqual([]);
    expect(idsOf(await search(tokens.brandB, 'JNE7700AAA'), 'order')).toEqual([]);
    expect(idsOf(await search(tokens.brandB, 'JNE7700BBB'), 'order')).toEqual([made.orderB]);
  });

  it("a vendor's user finds its own orders only, and the catalogue of the brands it serves", async () => {
    expect(idsOf(await search(tokens.vendor1, 'SO/2026/03/77'), 'order')).toEqual([made.orderA]);
    expect(idsOf(await search(tokens.vendor2, 'SO/2026/03/77'), 'order')).toEqual([made.orderB]);
    expect(idsOf(await search(tokens.vendor1, 'JNE7700BBB'), 'order')).toEqual([]);
    const products = await search(tokens.vendor1, 'xenon');
    expect(idsOf(products, 'product')).toEqual([made.productA]);
    expect(products.find((group) => group.kind === 'product')?.hits[0].path).toBe(
      '/stock/manajemen?search=XEN-A-001',
    );
  });

  it("a key account of brand A finds brand A's voucher and buyers, and the vendors serving brand A", async () => {
    expect(idsOf(await search(tokens.keyAccount, 'BKK/2026'), 'voucher')).toEqual([made.voucherA]);
    expect(idsOf(await search(tokens.keyAccount, 'kirana'), 'customer')).toEqual([made.customerA]);
    const { V1, V3 } = api.world.vendors;
    expect(idsOf(await search(tokens.keyAccount, 'vendor'), 'vendor')).toEqual([V1, V3]);
    expect(idsOf(await search(tokens.admin, 'vendor'), 'vendor')).toHaveLength(3);
  });
});

describe('permissions', () => {
  it('a vendor gets no group of invoices, customers, listings, vendors or vouchers', async () => {
    const kinds = kindsOf(await search(tokens.vendor1, 'kirana'));
    expect(kinds).toEqual(['order', 'product']);
  });

  it("a brand's user, without the vendor and voucher lists, gets neither group", async () => {
    const kinds = kindsOf(await search(tokens.brandA, 'vendor'));
    expect(kinds).toEqual(['order', 'invoice', 'customer', 'product', 'listing']);
    expect(kinds).not.toContain('vendor');
    expect(kinds).not.toContain('voucher');
  });

  it('an administrator gets every group', async () => {
    expect(kindsOf(await search(tokens.admin, 'kirana'))).toEqual([
      'order',
      'invoice',
      'customer',
      'product',
      'listing',
      'vendor',
      'voucher',
    ]);
  });
});

describe('refusals', () => {
  it('refuses a query shorter than two characters with a 422 on q', async () => {
    for (const q of ['k', ' k ', '']) {
      const response = await api.request('/api/search', { token: tokens.brandA, query: { q } });
      expect(response.status).toBe(422);
      expect(response.body.errors.q).toEqual(['The q field must be at least 2 characters.']);
    }
  });

  it('answers a term with a NUL byte or a lone surrogate without a server error', async () => {
    for (const q of ['ab\u0000c', 'ab\ud800']) {
      const response = await api.request('/api/search', { token: tokens.admin, query: { q } });
      expect(response.status, q).toBeLessThan(500);
    }
  });

  it('refuses a caller who is not signed in', async () => {
    const response = await api.request('/api/search', { query: { q: 'kirana' } });
    expect(response.status).toBe(401);
  });
});
