import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type JsonBody, type TestApi } from '../support/api';
import { createListing, listingBody, listingsPath } from '../support/marketplace';
import { createCatalogue, placeOrder, type Catalogue } from '../support/world';

/**
 * What the lists answer when the caller asks nothing in particular: orders, the vendor's orders, the item view and
 * invoices newest first (docs/decisions/018); the Change Vendor options of `/api/brand/{b}/vendor`; a customer
 * named by name and phone; an item row's own Retur flag.
 */

let api: TestApi;
let catalogue: Catalogue;
let admin: string;
let brandA: string;
let vendor1: string;
const placed: { orderId: number; invoiceId: number; number: string }[] = [];
let delivered: { orderId: number; invoiceId: number };
let foreignOrder: number;

const DAYS = ['2026-05-01T03:00:00Z', '2026-05-02T03:00:00Z', '2026-05-03T03:00:00Z'];

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  [admin, brandA, vendor1] = await Promise.all([
    api.login(api.world.users.admin.email),
    api.login(api.world.users.brandA.email),
    api.login(api.world.users.vendor1.email),
  ]);
  for (const [index, day] of DAYS.entries()) {
    api.clock.now = new Date(day);
    placed.push(
      await placeOrder(api.deps, api.world, {
        brand: 'A',
        vendor: 'V1',
        lines: [{ product: catalogue.A.phone, quantity: 1 + index }],
        overrides: {
          customer_name: 'Dewi Lestari',
          customer_phone: `0812-7000-000${index}`,
          customer_email: null,
        },
      }),
    );
  }
  api.clock.now = new Date('2026-05-04T03:00:00Z');
  delivered = await placeOrder(api.deps, api.world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: catalogue.A.laptop, quantity: 2 }],
    status: 'delivered',
  });
  foreignOrder = (
    await placeOrder(api.deps, api.world, {
      brand: 'B',
      vendor: 'V2',
      lines: [{ product: catalogue.B.shirt, quantity: 1 }],
    })
  ).orderId;
});

afterAll(() => api.close());

const brandPath = (rest: string) => `/api/brand/${api.world.brands.A}/${rest}`;
const vendorPath = (rest: string) => `/api/vendor/${api.world.vendors.V1}/${rest}`;
const idsOf = (body: JsonBody, key = 'id') => body.data.map((row: Record<string, number>) => row[key]);

describe('lists open newest first', () => {
  it('the brand and vendor order lists and the invoice list put the newest first without a sort', async () => {
    const newest = [delivered.orderId, ...placed.map((order) => order.orderId).reverse()];
    const brandList = await api.request(brandPath('order'), { token: brandA });
    expect(brandList.status).toBe(200);
    expect(idsOf(brandList.body)).toEqual(newest);
    const vendorList = await api.request(vendorPath('order'), { token: vendor1 });
    expect(idsOf(vendorList.body)).toEqual(newest);
    const invoices = await api.request(brandPath('invoice'), { token: brandA });
    expect(idsOf(invoices.body)).toEqual([
      delivered.invoiceId,
      ...placed.map((order) => order.invoiceId).reverse(),
    ]);
  });

  it('every sort the spec offers still answers in both directions, ascending when asked', async () => {
    const oldest = [...placed.map((order) => order.orderId), delivered.orderId];
    const ascending = await api.request(brandPath('order'), {
      token: brandA,
      query: { sorted_by: 'number', order_by: 'asc' },
    });
    expect(idsOf(ascending.body)).toEqual(oldest);
    for (const sortedBy of ['number', 'created_at', 'updated_at', 'grand_total']) {
      for (const orderBy of ['asc', 'desc']) {
        const response = await api.request(brandPath('order'), {
          token: brandA,
          query: { sorted_by: sortedBy, order_by: orderBy },
        });
        expect(response.status, `${sortedBy} ${orderBy}`).toBe(200);
        expect(response.body.data).toHaveLength(4);
      }
    }
    const byTotal = await api.request(brandPath('order'), {
      token: brandA,
      query: { sorted_by: 'grand_total', order_by: 'asc' },
    });
    const totals = byTotal.body.data.map((row: { grand_total: number }) => row.grand_total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const invoicesAscending = await api.request(brandPath('invoice'), {
      token: brandA,
      query: { sorted_by: 'created_at', order_by: 'asc' },
    });
    expect(idsOf(invoicesAscending.body)[0]).toBe(placed[0].invoiceId);
  });

  it('the item view (Barang) opens with the newest order first', async () => {
    const items = await api.request(brandPath('order-product'), { token: admin });
    expect(items.status).toBe(200);
    expect(idsOf(items.body, 'order_id')[0]).toBe(delivered.orderId);
    expect(idsOf(items.body, 'order_id').at(-1)).toBe(placed[0].orderId);
  });

  it('the marketplace listings open with the newest first; ascending is one sort away', async () => {
    const created: number[] = [];
    for (const day of DAYS) {
      api.clock.now = new Date(day);
      created.push((await createListing(api, admin, listingBody())).id);
    }
    const listings = await api.request(listingsPath(api), { token: admin });
    expect(listings.status).toBe(200);
    expect(idsOf(listings.body).slice(0, 3)).toEqual([...created].reverse());
    const ascending = await api.request(listingsPath(api), {
      token: admin,
      query: { sorted_by: 'id', order_by: 'asc' },
    });
    expect(idsOf(ascending.body).filter((id: number) => created.includes(id))).toEqual(created);
    const byCreation = await api.request(listingsPath(api), {
      token: admin,
      query: { sorted_by: 'created_at', order_by: 'asc' },
    });
    expect(idsOf(byCreation.body).filter((id: number) => created.includes(id))).toEqual(created);
  });
});

describe('an item row says whether its own line can be returned', () => {
  it('a delivered, unpaid line with units left can; a new order’s line cannot; a vendor never sees the flag set', async () => {
    const items = await api.request(brandPath('order-product'), { token: admin });
    const rows = items.body.data as { order_id: number; id: number; can_replace_product: boolean }[];
    expect(rows.find((row) => row.order_id === delivered.orderId)?.can_replace_product).toBe(true);
    expect(rows.find((row) => row.order_id === placed[0].orderId)?.can_replace_product).toBe(false);

    const line = rows.find((row) => row.order_id === delivered.orderId) as { id: number };
    const returned = await api.request(brandPath(`order/${delivered.orderId}/replace-product`), {
      method: 'PUT',
      token: admin,
      json: { order_products: [{ id: line.id, quantity: 2, note: 'Rusak' }] },
    });
    expect(returned.status).toBe(200);
    const after = await api.request(brandPath('order-product'), { token: admin });
    const fully = after.body.data.find((row: { id: number }) => row.id === line.id);
    expect(fully.can_replace_product).toBe(false);
  });
});

describe('GET /api/brand/{brand}/vendor?for=order-change-vendor&order={id}', () => {
  it('narrows the brand’s vendors to those the order may move to', async () => {
    const all = await api.request(brandPath('vendor'), { token: brandA, query: { per_page: 1000 } });
    expect(idsOf(all.body)).toEqual(expect.arrayContaining([api.world.vendors.V1, api.world.vendors.V3]));
    const options = await api.request(brandPath('vendor'), {
      token: brandA,
      query: { for: 'order-change-vendor', order: placed[0].orderId, per_page: 1000 },
    });
    expect(options.status).toBe(200);
    expect(idsOf(options.body)).toEqual([api.world.vendors.V3]);
  });

  it('asks for the order, and answers 404 for an order of another brand', async () => {
    const missing = await api.request(brandPath('vendor'), {
      token: brandA,
      query: { for: 'order-change-vendor' },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.order).toEqual([
      'The order field is required when for is order-change-vendor.',
    ]);
    const foreign = await api.request(brandPath('vendor'), {
      token: brandA,
      query: { for: 'order-change-vendor', order: foreignOrder },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('GET /api/brand/{brand}/customer/detail', () => {
  it('tells apart two buyers who share a name by their phone', async () => {
    for (const [index, order] of placed.entries()) {
      const response = await api.request(brandPath('customer/detail'), {
        token: brandA,
        query: { name: 'Dewi Lestari', phone: `0812-7000-000${index}` },
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ customer_name: 'Dewi Lestari', total_invoice: 1 });
      expect(idsOf(response.body.invoices)).toEqual([order.invoiceId]);
    }
  });
});
