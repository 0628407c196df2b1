import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders, sendPaymentOrders, sendPayments } from '../../api/db/schema';
import { completeDeliveredOrders } from '../../api/domains/order/service';
import { rebuildRollups } from '../../api/domains/rollup/service';
import { startTestApi, type JsonBody, type TestApi } from '../support/api';
import { createCatalogue, placeOrder, type Catalogue } from '../support/world';

/** The order lists, detail and card on a small fixture: brand A orders in every status over two days. */

let api: TestApi;
let catalogue: Catalogue;
let brandA: string;
let vendor1: string;
const placed = {} as Record<
  'fresh' | 'ready' | 'delivered' | 'shipped' | 'canceled' | 'paid' | 'completed' | 'foreign',
  { invoiceId: number; orderId: number; number: string }
>;
let divertedId: number;
let replacementId: number;

const DAY1 = new Date('2026-03-10T03:00:00Z');
const DAY2 = new Date('2026-03-11T03:00:00Z');
const DAY0 = new Date('2026-03-01T03:00:00Z');

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  const { laptop, phone, charger } = catalogue.A;
  const deps = api.deps;
  const world = api.world;

  api.clock.now = DAY0;
  placed.paid = await placeOrder(deps, world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: charger, quantity: 1 }],
    status: 'delivered',
  });
  placed.completed = await placeOrder(deps, world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: phone, quantity: 1 }],
    status: 'delivered',
  });
  await completeDeliveredOrders(api.deps, new Date(DAY0.getTime() + 4 * 86_400_000), 3);

  api.clock.now = DAY1;
  placed.fresh = await placeOrder(deps, world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: laptop, quantity: 1 }],
  });
  placed.ready = await placeOrder(deps, world, {
    brand: 'A',
    vendor: 'V1',
    channel: 'shopee',
    lines: [{ product: phone, quantity: 2 }],
    status: 'ready_to_deliver',
    overrides: { customer_name: 'Budi Santoso', customer_phone: '0813-1111-2222' },
  });
  placed.canceled = await placeOrder(deps, world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: charger, quantity: 2 }],
  });

  api.clock.now = DAY2;
  placed.delivered = await placeOrder(deps, world, {
    brand: 'A',
    vendor: 'V3',
    lines: [
      { product: charger, quantity: 1 },
      { product: phone, quantity: 1 },
    ],
    status: 'delivered',
  });
  placed.shipped = await placeOrder(deps, world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: laptop, quantity: 1 }],
    status: 'on_delivery',
  });
  placed.foreign = await placeOrder(deps, world, {
    brand: 'B',
    vendor: 'V2',
    lines: [{ product: catalogue.B.shirt, quantity: 1 }],
  });
  const toDivert = await placeOrder(deps, world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: laptop, quantity: 1 }],
  });

  [brandA, vendor1] = await Promise.all([
    api.login(world.users.brandA.email),
    api.login(world.users.vendor1.email),
  ]);
  const changed = await api.request(`/api/brand/${world.brands.A}/order/${toDivert.orderId}/change-vendor`, {
    method: 'PUT',
    token: brandA,
    json: { vendor_id: world.vendors.V3 },
  });
  divertedId = toDivert.orderId;
  replacementId = changed.body.data.id;

  // A marketplace cancellation and a payment voucher, written as their own features would (not built here).
  await api.db
    .update(orders)
    .set({ statusCode: 'canceled', canceledAt: DAY1 })
    .where(eq(orders.id, placed.canceled.orderId));
  await api.db
    .update(invoices)
    .set({ statusCode: 'canceled', canceledAt: DAY1 })
    .where(eq(invoices.id, placed.canceled.invoiceId));
  const [voucher] = await api.db
    .insert(sendPayments)
    .values({
      number: 'PV/2026/03/0001',
      brandId: world.brands.A,
      vendorId: world.vendors.V1,
      date: '2026-03-20',
    })
    .returning();
  await api.db.insert(sendPaymentOrders).values({ sendPaymentId: voucher.id, orderId: placed.paid.orderId });
  await api.db.transaction((tx) => rebuildRollups(tx));
});

afterAll(async () => {
  await api?.close();
});

const ROW_FIELDS = [
  'brand_id',
  'can_change_vendor',
  'can_replace_product',
  'canceled_at',
  'channel_id',
  'channel_name',
  'completed_at',
  'created_at',
  'date',
  'deleted_at',
  'delivered_at',
  'delivery_type',
  'diverted_at',
  'grand_total',
  'grand_total_return',
  'id',
  'invoice_external_number',
  'invoice_id',
  'invoice_preorder_deadline',
  'invoice_preorder_process_day',
  'invoice_preorder_process_start',
  'is_paid',
  'number',
  'on_delivery_at',
  'ready_to_deliver_at',
  'receiver_name',
  'ref_order_id',
  'ref_order_number',
  'shipping_number',
  'status',
  'status_code',
  'total_weight',
  'updated_at',
  'vendor_id',
  'vendor_name',
];

function brandPath(tail: string) {
  return `/api/brand/${api.world.brands.A}/${tail}`;
}

async function list(
  query: Record<string, string | number | (string | number)[]> = {},
  path = brandPath('order'),
  token = brandA,
) {
  const response = await api.request(path, { token, query: { per_page: 100, ...query } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as JsonBody;
}

function idsOf(body: JsonBody): number[] {
  return body.data.map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b);
}

function sorted(...ids: number[]) {
  return [...ids].sort((a, b) => a - b);
}

const LIVE = () =>
  sorted(
    placed.paid.orderId,
    placed.completed.orderId,
    placed.fresh.orderId,
    placed.ready.orderId,
    placed.delivered.orderId,
    placed.shipped.orderId,
    replacementId,
  );

describe('GET /api/brand/{brand}/order', () => {
  it('lists the live orders of the brand by number, newest first, with the row fields and the Laravel meta', async () => {
    const body = await list({ per_page: 10 });

    expect(sorted(...idsOf(body))).toEqual(LIVE());
    expect(Object.keys(body.data[0]).sort()).toEqual(ROW_FIELDS);
    const numbers = body.data.map((row: { number: string }) => row.number);
    expect(numbers).toEqual([...numbers].sort().reverse());
    expect(body.meta).toStrictEqual({
      current_page: 1,
      last_page: 1,
      per_page: 10,
      total: 7,
      from: 1,
      to: 7,
    });
  });

  it('fills a row from the order, its invoice, vendor and channel', async () => {
    const body = await list({ search: placed.ready.number });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      id: placed.ready.orderId,
      status: 'Diproses Vendor',
      status_code: 'ready_to_deliver',
      vendor_name: 'Vendor Satu',
      channel_name: 'Shopee',
      grand_total: 2 * catalogue.A.phone.price,
      grand_total_return: 0,
      can_change_vendor: true,
      can_replace_product: false,
      invoice_id: placed.ready.invoiceId,
    });
  });

  it('includes canceled and diverted orders only when the flags or the status ask for them', async () => {
    const everything = await list({ 'with-canceled': 1, 'with-canceled-invoice': 1 });
    expect(idsOf(everything)).toEqual(sorted(...LIVE(), placed.canceled.orderId, divertedId));

    expect(idsOf(await list({ status: 'Dibatalkan' }))).toEqual([placed.canceled.orderId]);
    expect(idsOf(await list({ status: 'Dialihkan' }))).toEqual([divertedId]);
    expect(idsOf(await list({ status: 'diverted' }))).toEqual([divertedId]);
    // The canceled order's invoice is canceled too, so the order flag alone does not bring it back.
    expect(idsOf(await list({ 'with-canceled': 1 }))).toEqual(sorted(...LIVE(), divertedId));
  });

  it('filters by status label or code, several at once', async () => {
    expect(idsOf(await list({ status: 'Diproses Vendor' }))).toEqual([placed.ready.orderId]);
    expect(idsOf(await list({ status: 'ready_to_deliver' }))).toEqual([placed.ready.orderId]);
    expect(idsOf(await list({ 'status[]': ['Pesanan Sampai', 'Dalam Pengiriman'] }))).toEqual(
      sorted(placed.delivered.orderId, placed.shipped.orderId),
    );
    expect(idsOf(await list({ status: 'Selesai' }))).toEqual(
      sorted(placed.paid.orderId, placed.completed.orderId),
    );
  });

  it('answers 422 for a status it does not know, a bad date and a reversed range', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ status: 'Terbang' }, 'status'],
      [{ 'date-from': '2026-02-30' }, 'date-from'],
      [{ 'date-from': '2026-03-11', 'date-to': '2026-03-10' }, 'date-to'],
      [{ 'vendor[]': 'abc' }, 'vendor.0'],
      [{ order_by: 'sideways' }, 'order_by'],
      [{ per_page: '1001' }, 'per_page'],
    ];
    for (const [query, field] of cases) {
      const response = await api.request(brandPath('order'), { token: brandA, query });
      expect(response.status, JSON.stringify(query)).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual([field]);
    }
  });

  it('searches order number, invoice number and customer name', async () => {
    const [invoice] = await api.db.select().from(invoices).where(eq(invoices.id, placed.delivered.invoiceId));
    expect(idsOf(await list({ search: placed.fresh.number }))).toEqual([placed.fresh.orderId]);
    expect(idsOf(await list({ search: invoice.externalNumber }))).toEqual([placed.delivered.orderId]);
    expect(idsOf(await list({ search: 'budi' }))).toEqual([placed.ready.orderId]);
    expect(idsOf(await list({ search: '100%_' }))).toEqual([]);
  });

  it('finds an order number by its head in any case, and by a fragment of its digits', async () => {
    const all = await list({ per_page: 1000 });
    const head = placed.fresh.number.slice(0, -2);
    const startingWithHead = all.data
      .filter((row: { number: string }) => row.number.startsWith(head))
      .map((row: { id: number }) => row.id)
      .sort((a: number, b: number) => a - b);
    expect(startingWithHead).toContain(placed.fresh.orderId);
    expect(idsOf(await list({ search: head.toLowerCase(), per_page: 1000 }))).toEqual(startingWithHead);
    expect(idsOf(await list({ search: placed.fresh.number.slice(-5) }))).toContain(placed.fresh.orderId);
  });

  it('filters by Jakarta creation day, vendor, channel and category with its descendants', async () => {
    expect(idsOf(await list({ 'date-from': '2026-03-10', 'date-to': '2026-03-10' }))).toEqual(
      sorted(placed.fresh.orderId, placed.ready.orderId),
    );
    expect(idsOf(await list({ 'vendor[]': [api.world.vendors.V3] }))).toEqual(
      sorted(placed.delivered.orderId, replacementId),
    );
    expect(idsOf(await list({ 'channel[]': [api.world.channels.shopee] }))).toEqual([placed.ready.orderId]);
    expect(idsOf(await list({ 'category[]': [api.world.categories.A.children[1]] }))).toEqual(
      sorted(placed.completed.orderId, placed.ready.orderId, placed.delivered.orderId),
    );
    expect(idsOf(await list({ 'category[]': [api.world.categories.A.parent] }))).toEqual(LIVE());
    // Another brand's category names nothing here.
    expect(idsOf(await list({ 'category[]': [api.world.categories.B.parent] }))).toEqual([]);
  });

  it('sorts on a whitelisted column and pages with a total that matches the rows', async () => {
    const body = await list({ sorted_by: 'grand_total', order_by: 'desc' });
    const totals = body.data.map((row: { grand_total: number }) => row.grand_total);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));

    for (const column of ['vendor_name', 'channel_name'] as const) {
      const names = (await list({ sorted_by: column, order_by: 'desc' })).data.map(
        (row: Record<string, string>) => row[column],
      );
      expect(new Set(names).size).toBeGreaterThan(1);
      expect(names).toEqual([...names].sort().reverse());
    }

    const fallback = await list({ sorted_by: 'password_hash' });
    expect(fallback.data.map((row: { id: number }) => row.id)).toEqual(
      (await list()).data.map((row: { id: number }) => row.id),
    );

    const page2 = await list({ per_page: 3, page: 2 });
    expect(page2.meta).toStrictEqual({
      current_page: 2,
      last_page: 3,
      per_page: 3,
      total: 7,
      from: 4,
      to: 6,
    });
  });

  it('counts the same total from the rollups as from the rows, whatever the filters', async () => {
    const filters: Record<string, string | number | number[]>[] = [
      {},
      { 'date-from': '2026-03-11' },
      { 'vendor[]': [api.world.vendors.V1], 'channel[]': [1] },
      { 'category[]': [api.world.categories.A.children[0]] },
      { search: 'SO/' },
      { search: 'so/2026/0' },
      { status: 'Selesai' },
      { status: 'Dialihkan' },
      { status: 'Dibatalkan' },
      { status: 'Pesanan Baru', 'date-from': '2026-03-10', 'date-to': '2026-03-11' },
      { 'with-canceled': 1 },
      { 'with-canceled': 1, 'with-canceled-invoice': 1 },
      { 'with-canceled': 1, 'with-canceled-invoice': 1, 'date-to': '2026-03-10' },
    ];
    for (const query of filters) {
      const body = await list({ ...query, per_page: 1000 });
      expect(body.meta.total, JSON.stringify(query)).toBe(body.data.length);
    }
  });
});

describe('GET /api/brand/{brand}/order/card/total', () => {
  it('sums grand_total − grand_total_return of the orders the list shows, never canceled or diverted', async () => {
    const filters: Record<string, string | number | number[]>[] = [
      {},
      { 'date-from': '2026-03-10', 'date-to': '2026-03-10' },
      { 'category[]': [api.world.categories.A.children[1]] },
      { search: 'budi' },
      { status: 'Selesai' },
      { 'date-from': '2026-03-11', 'vendor[]': [api.world.vendors.V1] },
      { 'with-canceled': 1, 'with-canceled-invoice': 1 },
    ];
    for (const query of filters) {
      const rows = await list({ ...query, per_page: 1000 });
      const expected = rows.data
        .filter((row: { status_code: string }) => !['canceled', 'diverted'].includes(row.status_code))
        .reduce(
          (sum: number, row: { grand_total: number; grand_total_return: number }) =>
            sum + row.grand_total - row.grand_total_return,
          0,
        );
      const card = await api.request(brandPath('order/card/total'), { token: brandA, query });
      expect(card.status).toBe(200);
      expect(card.body, JSON.stringify(query)).toEqual({ data: { current_period_value: expected } });
    }
  });
});

describe('GET /api/brand/{brand}/order-product', () => {
  it('lists the order lines with product, category and order status, the category filter per line', async () => {
    // The per-item view is the administrators' (decision 022).
    const admin = await api.login(api.world.users.admin.email);
    const body = await list({}, brandPath('order-product'), admin);
    expect(body.meta.total).toBe(body.data.length);
    expect(body.data).toHaveLength(8);
    const line = body.data.find(
      (row: { order_id: number; product_id: number }) =>
        row.order_id === placed.delivered.orderId && row.product_id === catalogue.A.phone.id,
    );
    expect(line).toMatchObject({
      order_number: placed.delivered.number,
      product_name: catalogue.A.phone.name,
      category_name: 'Ponsel',
      total_price: catalogue.A.phone.price,
      order_status: 'Pesanan Sampai',
      order_status_code: 'delivered',
    });

    const phones = await list(
      { 'category[]': [api.world.categories.A.children[1]] },
      brandPath('order-product'),
      admin,
    );
    expect(phones.data.every((row: { product_id: number }) => row.product_id === catalogue.A.phone.id)).toBe(
      true,
    );
    expect(phones.meta.total).toBe(3);
    const searched = await list({ search: placed.delivered.number }, brandPath('order-product'), admin);
    expect(searched.meta.total).toBe(2);
  });
});

describe('GET /api/brand/{brand}/order/{id}', () => {
  it('shows the whole order: invoice, lines with products, vendor, brand, photos and timeline', async () => {
    const admin = await api.login(api.world.users.admin.email);
    const response = await api.request(brandPath(`order/${placed.delivered.orderId}`), { token: admin });

    expect(response.status).toBe(200);
    const order = response.body.data;
    expect(order).toMatchObject({
      id: placed.delivered.orderId,
      status: 'Pesanan Sampai',
      vendor: { id: api.world.vendors.V3, name: 'Vendor Tiga' },
      brand: { name: 'Brand A', address: null, telephone: null },
      shipping_number: `JNE${placed.delivered.orderId}0001`,
      receiver_name: 'Siti Rahayu',
      can_replace_product: true,
      can_change_vendor: false,
      total: catalogue.A.charger.price + catalogue.A.phone.price,
      invoice: {
        id: placed.delivered.invoiceId,
        recipient_name: 'Siti Rahayu',
        recipient_city: 'Jakarta Selatan',
        delivery_type: 'JNE Reguler',
        shipping_cost: 18_000,
        vouchers: [],
        raw_data: { products: expect.any(Array) },
      },
    });
    expect(order.order_products).toEqual([
      expect.objectContaining({
        quantity: 1,
        quantity_return: 0,
        price: catalogue.A.charger.price,
        invoice_product: expect.objectContaining({
          product: {
            id: catalogue.A.charger.id,
            name: catalogue.A.charger.name,
            sku: catalogue.A.charger.sku,
          },
        }),
        replaced_order_products: [],
      }),
      expect.objectContaining({ invoice_product: expect.objectContaining({ sku: catalogue.A.phone.sku }) }),
    ]);
    expect(order.delivery_photos).toHaveLength(1);
    expect(order.delivered_photos).toHaveLength(1);
    expect(order.delivered_photos[0].url).toMatch(/^\/storage\/file\//);
    expect(order.order_activities.map((row: { message: string }) => row.message)).toEqual([
      'Pesanan dibuat',
      'Pesanan diproses vendor',
      `Pesanan dikirim dengan nomor resi JNE${placed.delivered.orderId}0001`,
      'Pesanan diterima oleh Siti Rahayu',
    ]);
    expect(order.order_activities[0]).toEqual({
      id: expect.any(Number),
      timestamp: DAY2.toISOString(),
      message: 'Pesanan dibuat',
      status_code: 'new',
    });
  });

  it('shows how an order was shipped to administrators only, the timeline too', async () => {
    const response = await api.request(brandPath(`order/${placed.delivered.orderId}`), { token: brandA });
    const listed = await api.request(brandPath('order'), { token: brandA, query: { per_page: 100 } });

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      shipping_number: null,
      receiver_name: null,
      delivery_photos: [],
      delivered_photos: [],
    });
    expect(response.body.data.order_activities.map((row: { message: string }) => row.message)).toEqual([
      'Pesanan dibuat',
      'Pesanan diproses vendor',
      'Pesanan dikirim',
      'Pesanan diterima',
    ]);
    const row = listed.body.data.find((order: { id: number }) => order.id === placed.delivered.orderId);
    expect(row).toMatchObject({ shipping_number: null, receiver_name: null });
  });

  it('shows a replacement order with the order it replaced', async () => {
    const [diverted] = await api.db.select().from(orders).where(eq(orders.id, divertedId));
    const response = await api.request(brandPath(`order/${replacementId}`), { token: brandA });
    expect(response.body.data).toMatchObject({
      ref_order_id: divertedId,
      ref_order_number: diverted.number,
      status: 'Pesanan Baru',
    });
  });

  it('answers 404 for an order of another brand or one that does not exist', async () => {
    for (const id of [placed.foreign.orderId, 999_999]) {
      const response = await api.request(brandPath(`order/${id}`), { token: brandA });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: expect.any(String) });
    }
  });
});

describe('the vendor side of the orders', () => {
  function vendorPath(tail: string) {
    return `/api/vendor/${api.world.vendors.V1}/${tail}`;
  }

  it('lists only the vendor own orders with the vendor labels, Terbayar for a paid completed order', async () => {
    const body = await list({}, vendorPath('order'), vendor1);
    const byId = new Map(body.data.map((row: { id: number; status: string }) => [row.id, row]));
    expect([...byId.keys()].sort()).toEqual(
      sorted(
        placed.paid.orderId,
        placed.completed.orderId,
        placed.fresh.orderId,
        placed.ready.orderId,
        placed.shipped.orderId,
      ),
    );
    expect(byId.get(placed.paid.orderId)).toMatchObject({
      status: 'Terbayar',
      status_code: 'completed',
      is_paid: true,
    });
    expect(byId.get(placed.completed.orderId)).toMatchObject({ status: 'Selesai', is_paid: false });
    expect(byId.get(placed.ready.orderId)).toMatchObject({
      status: 'Siap Dikirim',
      can_change_vendor: false,
    });
  });

  it('filters by the vendor labels: Terbayar and Selesai split the completed orders', async () => {
    expect(idsOf(await list({ status: 'Terbayar' }, vendorPath('order'), vendor1))).toEqual([
      placed.paid.orderId,
    ]);
    expect(idsOf(await list({ status: 'Selesai' }, vendorPath('order'), vendor1))).toEqual([
      placed.completed.orderId,
    ]);
    expect(idsOf(await list({ status: 'Siap Dikirim' }, vendorPath('order'), vendor1))).toEqual([
      placed.ready.orderId,
    ]);
    expect(idsOf(await list({ status: 'Dialihkan' }, vendorPath('order'), vendor1))).toEqual([divertedId]);
    const brandLabel = await api.request(vendorPath('order'), {
      token: vendor1,
      query: { status: 'Diproses Vendor' },
    });
    expect(brandLabel.status).toBe(422);
  });

  it('shows its own order and answers 404 for another vendor order', async () => {
    const own = await api.request(vendorPath(`order/${placed.fresh.orderId}`), { token: vendor1 });
    expect(own.status).toBe(200);
    expect(own.body.data.status).toBe('Pesanan Baru');
    const other = await api.request(vendorPath(`order/${placed.delivered.orderId}`), { token: vendor1 });
    expect(other.status).toBe(404);
  });

  it('has a card total of its own orders', async () => {
    const body = await list({}, vendorPath('order'), vendor1);
    const expected = body.data.reduce(
      (sum: number, row: { grand_total: number }) => sum + row.grand_total,
      0,
    );
    const card = await api.request(vendorPath('order/card/total'), { token: vendor1 });
    expect(card.body).toEqual({ data: { current_period_value: expected } });
  });
});
