import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../api/db/schema';
import { rebuildRollups } from '../../api/seed/rollups';
import { startTestApi, type QueryValue, type TestApi } from '../support/api';
import {
  insertCustomer,
  insertProduct,
  insertSale,
  insertStock,
  insertVendorArea,
  type SaleLine,
} from '../support/world';

/**
 * Every widget against figures worked out by hand on a small fixed data set of brand A:
 *
 * current range 2024-03-14 … 2024-03-20 (7 days), compared with 2024-03-07 … 2024-03-13.
 *   S1 03-14 00:30 WIB  Tokopedia  c1  V1 completed        p1 1×1.000.000                   ready after 2 h
 *   S2 03-15           Shopee     c2  V1 delivered        p2 2×500.000 (1 returned), p4 3×10.000  ready after 4 h
 *   S3 03-16           Tokopedia  c3  V1 canceled         p1 1×1.000.000
 *   S4 03-17           Tokopedia  c1  V1 diverted → V3 ready_to_deliver  p3 1×2.000.000   V3 ready after 6 h
 *   S5 03-18           Shopee     c4  no order (Pesanan Baru)  p2 1×500.000
 *   S6 03-19           Tokopedia  c2  V3 new              p2 1×500.000
 *   S7 03-10           Tokopedia  c1  V1 completed        p1 2×1.000.000                   ready after 10 h
 *   S8 03-12           Shopee     c5  V3 on_delivery      p2 1×500.000                     ready after 30 h
 *   S9 2024-01-05      Tokopedia  c2  V1 completed        p4 1×10.000
 *   B1 03-15 (brand B) Tokopedia      V3 completed        q1 1×777.000
 * S1 falls on 03-13 in UTC: it counts on 03-14, its Jakarta day.
 * Categories of A: Elektronik > Laptop > Gaming, Elektronik > Ponsel; p1 Laptop, p2 Ponsel, p3 Gaming, p4 none,
 * p5 Ponsel (inactive).
 */

const CURRENT = { 'date-from': '2024-03-14', 'date-to': '2024-03-20' };
const NOW = new Date('2024-03-20T05:00:00Z');

let api: TestApi;
let admin: string;
let brandA: string;
let vendor1: string;
const ids = {} as Record<
  'p1' | 'p2' | 'p3' | 'p4' | 'p5' | 'q1' | 'gaming' | 'laptop' | 'ponsel' | 'elektronik' | 'A' | 'B',
  number
> & { V1: number; V2: number; V3: number };

function at(day: string, time = '12:00') {
  return new Date(`${day}T${time}:00+07:00`);
}

function daysOf(from: string, count: number, value: number) {
  const snapshots: Record<string, number> = {};
  for (let n = 0; n < count; n++) {
    const day = new Date(Date.parse(`${from}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    snapshots[day] = value;
  }
  return snapshots;
}

beforeAll(async () => {
  api = await startTestApi();
  api.clock.now = NOW;
  const { world, db } = api;
  admin = await api.login(world.users.admin.email);
  brandA = await api.login(world.users.brandA.email);
  vendor1 = await api.login(world.users.vendor1.email);
  Object.assign(ids, world.vendors, world.brands);

  const [gaming] = await db
    .insert(categories)
    .values({ brandId: world.brands.A, name: 'Gaming', parentId: world.categories.A.children[0] })
    .returning({ id: categories.id });
  ids.elektronik = world.categories.A.parent;
  ids.laptop = world.categories.A.children[0];
  ids.ponsel = world.categories.A.children[1];
  ids.gaming = gaming.id;

  const A = world.brands.A;
  ids.p1 = await insertProduct(db, { brandId: A, categoryId: ids.laptop, name: 'Laptop X', sku: 'LAP-X' });
  ids.p2 = await insertProduct(db, { brandId: A, categoryId: ids.ponsel, name: 'Ponsel Y', sku: 'PON-Y' });
  ids.p3 = await insertProduct(db, {
    brandId: A,
    categoryId: ids.gaming,
    name: 'Laptop Gaming Z',
    sku: 'GAM-Z',
  });
  ids.p4 = await insertProduct(db, { brandId: A, categoryId: null, name: 'Kabel', sku: 'KBL' });
  ids.p5 = await insertProduct(db, {
    brandId: A,
    categoryId: ids.ponsel,
    name: 'Ponsel Lama',
    sku: 'PON-OLD',
    isActive: false,
  });
  ids.q1 = await insertProduct(db, {
    brandId: world.brands.B,
    categoryId: world.categories.B.children[0],
    name: 'Baju',
    sku: 'BJU',
  });

  const c1 = await insertCustomer(db, {
    brandId: A,
    name: 'Siti',
    phone: '0811111',
    gender: 'female',
    city: 'Jakarta',
  });
  const c2 = await insertCustomer(db, {
    brandId: A,
    name: 'Budi',
    phone: '0812222',
    gender: 'male',
    city: 'Bandung',
  });
  const c3 = await insertCustomer(db, {
    brandId: A,
    name: 'Agus',
    email: 'agus@example.test',
    city: 'Medan',
  });
  const c4 = await insertCustomer(db, {
    brandId: A,
    name: 'Rina',
    email: 'rina@example.test',
    city: 'Jakarta',
  });
  const c5 = await insertCustomer(db, {
    brandId: A,
    name: 'Dewi',
    phone: '0815555',
    gender: 'female',
    city: 'Surabaya',
  });

  const { V1, V2, V3 } = world.vendors;
  const tokopedia = world.channels.tokopedia;
  const shopee = world.channels.shopee;
  const line = (productId: number, quantity: number, price: number, quantityReturn = 0): SaleLine => ({
    productId,
    quantity,
    price,
    quantityReturn,
  });

  await insertSale(db, {
    brandId: A,
    channelId: tokopedia,
    createdAt: at('2024-03-14', '00:30'),
    status: 'completed',
    customerId: c1,
    externalNumber: 'INV/S1',
    lines: [line(ids.p1, 1, 1_000_000)],
    orders: [{ vendorId: V1, status: 'completed', readyAfterHours: 2 }],
  });
  await insertSale(db, {
    brandId: A,
    channelId: shopee,
    createdAt: at('2024-03-15'),
    status: 'delivered',
    customerId: c2,
    paymentMethod: 'COD',
    externalNumber: 'INV/S2',
    lines: [line(ids.p2, 2, 500_000, 1), line(ids.p4, 3, 10_000)],
    orders: [{ vendorId: V1, status: 'delivered', readyAfterHours: 4 }],
  });
  await insertSale(db, {
    brandId: A,
    channelId: tokopedia,
    createdAt: at('2024-03-16'),
    status: 'canceled',
    customerId: c3,
    externalNumber: 'INV/S3',
    lines: [line(ids.p1, 1, 1_000_000)],
    orders: [{ vendorId: V1, status: 'canceled' }],
  });
  await insertSale(db, {
    brandId: A,
    channelId: tokopedia,
    createdAt: at('2024-03-17'),
    status: 'ready_to_deliver',
    customerId: c1,
    externalNumber: 'INV/S4',
    lines: [line(ids.p3, 1, 2_000_000)],
    orders: [
      { vendorId: V1, status: 'diverted' },
      { vendorId: V3, status: 'ready_to_deliver', createdAt: at('2024-03-17', '14:00'), readyAfterHours: 6 },
    ],
  });
  await insertSale(db, {
    brandId: A,
    channelId: shopee,
    createdAt: at('2024-03-18'),
    status: 'new',
    customerId: c4,
    paymentMethod: 'OVO',
    externalNumber: 'INV/S5',
    customerName: 'Rina',
    lines: [line(ids.p2, 1, 500_000)],
  });
  await insertSale(db, {
    brandId: A,
    channelId: tokopedia,
    createdAt: at('2024-03-19'),
    status: 'new',
    customerId: c2,
    paymentMethod: 'COD',
    externalNumber: 'INV/S6',
    customerName: 'Budi',
    lines: [line(ids.p2, 1, 500_000)],
    orders: [{ vendorId: V3, status: 'new' }],
  });
  await insertSale(db, {
    brandId: A,
    channelId: tokopedia,
    createdAt: at('2024-03-10'),
    status: 'completed',
    customerId: c1,
    lines: [line(ids.p1, 2, 1_000_000)],
    orders: [{ vendorId: V1, status: 'completed', readyAfterHours: 10 }],
  });
  await insertSale(db, {
    brandId: A,
    channelId: shopee,
    createdAt: at('2024-03-12'),
    status: 'on_delivery',
    customerId: c5,
    paymentMethod: 'COD',
    lines: [line(ids.p2, 1, 500_000)],
    orders: [{ vendorId: V3, status: 'on_delivery', readyAfterHours: 30 }],
  });
  await insertSale(db, {
    brandId: A,
    channelId: tokopedia,
    createdAt: at('2024-01-05'),
    status: 'completed',
    customerId: c2,
    lines: [line(ids.p4, 1, 10_000)],
    orders: [{ vendorId: V1, status: 'completed', readyAfterHours: 1 }],
  });
  await insertSale(db, {
    brandId: world.brands.B,
    channelId: tokopedia,
    createdAt: at('2024-03-15'),
    status: 'completed',
    lines: [line(ids.q1, 1, 777_000)],
    orders: [{ vendorId: V3, status: 'completed', readyAfterHours: 1 }],
  });

  // Brand B buyers on the 30-day boundary: back after exactly 30 days (loyal) and after 31 (regular).
  for (const [name, previous] of [
    ['Tiga Puluh', '2024-02-13'],
    ['Tiga Puluh Satu', '2024-02-12'],
  ] as const) {
    const customerId = await insertCustomer(db, {
      brandId: world.brands.B,
      name,
      email: `${previous}@example.test`,
    });
    for (const day of [previous, '2024-03-14']) {
      await insertSale(db, {
        brandId: world.brands.B,
        channelId: tokopedia,
        createdAt: at(day),
        status: 'new',
        customerId,
        lines: [line(ids.q1, 1, 1_000)],
      });
    }
  }

  // Stock: V1 holds p1 (5 a day) and p2 (1 a day last period; 0 then 3 in the current one) and the inactive p5;
  // V3 holds p3 (0 last period, 2 now) and p2 (none last period, 0 now); V2 (brand B) holds q1.
  await insertStock(db, {
    vendorId: V1,
    productId: ids.p1,
    quantity: 5,
    snapshots: { ...daysOf('2024-03-07', 7, 5), ...daysOf('2024-03-14', 7, 5) },
  });
  await insertStock(db, {
    vendorId: V1,
    productId: ids.p2,
    quantity: 3,
    snapshots: {
      ...daysOf('2024-03-07', 7, 1),
      ...daysOf('2024-03-14', 4, 0),
      ...daysOf('2024-03-18', 3, 3),
    },
  });
  await insertStock(db, {
    vendorId: V1,
    productId: ids.p5,
    quantity: 0,
    snapshots: daysOf('2024-03-07', 14, 0),
  });
  await insertStock(db, {
    vendorId: V3,
    productId: ids.p3,
    quantity: 2,
    snapshots: { ...daysOf('2024-03-07', 7, 0), ...daysOf('2024-03-14', 7, 2) },
  });
  await insertStock(db, {
    vendorId: V3,
    productId: ids.p2,
    quantity: 0,
    snapshots: daysOf('2024-03-14', 7, 0),
  });
  await insertStock(db, {
    vendorId: V2,
    productId: ids.q1,
    quantity: 9,
    snapshots: daysOf('2024-03-07', 14, 9),
  });

  await insertVendorArea(db, { vendorId: V1, city: 'Jakarta' });
  await insertVendorArea(db, { vendorId: V1, city: 'Bekasi' });
  await insertVendorArea(db, { vendorId: V3, city: 'Surabaya' });
  await insertVendorArea(db, { vendorId: V3, city: 'Jakarta' });
  await insertVendorArea(db, { vendorId: V2, city: 'Bandung' });

  await rebuildRollups(db);
});

afterAll(async () => {
  await api?.close();
});

async function brandWidget(path: string, query: Record<string, QueryValue> = {}, token = admin) {
  const response = await api.request(`/api/brand/${ids.A}/widget/${path}`, {
    token,
    query: { ...CURRENT, ...query },
  });
  expect(response.status, `${path} ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

async function vendorWidget(
  vendor: number,
  path: string,
  query: Record<string, QueryValue> = {},
  token = admin,
) {
  const response = await api.request(`/api/vendor/${vendor}/widget/${path}`, {
    token,
    query: { ...CURRENT, ...query },
  });
  expect(response.status, `${path} ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

function cardOf(current: number | null, last: number | null, percentage: number, direction: number) {
  return { data: { current_period: current, last_period: last, percentage, direction } };
}

describe('sales cards', () => {
  it('GMV is the grand total net of returns of orders neither canceled nor diverted', async () => {
    expect(await brandWidget('sales/card/gross-margin')).toStrictEqual(cardOf(4_030_000, 2_500_000, 61, 1));
  });

  it('the same GMV card answers under the product and vendor families', async () => {
    for (const path of ['product/card/gross-margin', 'vendor/card/gross-margin']) {
      expect(await brandWidget(path)).toStrictEqual(cardOf(4_030_000, 2_500_000, 61, 1));
    }
  });

  it('units sold are quantities net of returns', async () => {
    for (const path of [
      'sales/card/order-product',
      'product/card/sold-product',
      'vendor/card/sold-product',
    ]) {
      expect(await brandWidget(path)).toStrictEqual(cardOf(7, 3, 133, 1));
    }
  });

  it('the order card counts live orders created in the range', async () => {
    expect(await brandWidget('sales/card/order')).toStrictEqual(cardOf(4, 2, 100, 1));
  });

  it('the average sales price is GMV over units in whole rupiah', async () => {
    expect(await brandWidget('sales/card/average-sales-price')).toStrictEqual(
      cardOf(575_714, 833_333, 31, 2),
    );
  });

  it('new orders are invoices created in the range that are Pesanan Baru', async () => {
    expect(await brandWidget('sales/card/invoice', { status: 'Pesanan Baru' })).toStrictEqual(
      cardOf(2, 0, 100, 1),
    );
    expect(await brandWidget('sales/card/invoice')).toStrictEqual(cardOf(2, 0, 100, 1));
  });

  it('incoming orders are invoices in Selesai, Diproses Vendor, Dalam Pengiriman or Pesanan Sampai', async () => {
    const statuses = ['Selesai', 'Diproses Vendor', 'Dalam Pengiriman', 'Pesanan Sampai'];
    expect(await brandWidget('sales/card/invoice', { 'status[]': statuses })).toStrictEqual(
      cardOf(3, 2, 50, 1),
    );
    expect(await brandWidget('sales/card/invoice', { status: statuses.join(',') })).toStrictEqual(
      cardOf(3, 2, 50, 1),
    );
  });

  it('a vendor filter narrows invoice counts to the invoices whose order that vendor holds', async () => {
    expect(await brandWidget('sales/card/invoice', { 'vendor[]': ids.V3 })).toStrictEqual(
      cardOf(1, 0, 100, 1),
    );
    expect(await brandWidget('sales/card/invoice', { 'vendor[]': ids.V1 })).toStrictEqual(cardOf(0, 0, 0, 0));
  });
});

describe('the summary’s cards in one answer', () => {
  const CARDS: [string, string, Record<string, QueryValue>?][] = [
    ['sales_gross_margin', 'sales/card/gross-margin'],
    ['sales_new_orders', 'sales/card/invoice', { status: 'Pesanan Baru' }],
    [
      'sales_incoming_orders',
      'sales/card/invoice',
      { 'status[]': ['Selesai', 'Diproses Vendor', 'Dalam Pengiriman', 'Pesanan Sampai'] },
    ],
    ['sales_order_product', 'sales/card/order-product'],
    ['sales_average_sales_price', 'sales/card/average-sales-price'],
    ['vendor_gross_margin', 'vendor/card/gross-margin'],
    ['vendor_sold_product', 'vendor/card/sold-product'],
    ['vendor_average_in_stock_rate', 'vendor/card/average-in-stock-rate'],
    ['vendor_average_sla', 'vendor/card/average-sla'],
    ['product_gross_margin', 'product/card/gross-margin'],
    ['product_sold_product', 'product/card/sold-product'],
    ['product_average_run_rate', 'product/card/average-run-rate'],
    ['product_average_weeks_of_supply', 'product/card/average-weeks-of-supply'],
    ['customer_new_customer', 'customer/card/new-customer'],
    ['customer_regular', 'customer/card/customer-regular'],
    ['customer_loyal', 'customer/card/loyal-customer'],
  ];

  it('answers each card as its own widget does, with and without filters', async () => {
    const filters: Record<string, QueryValue>[] = [
      {},
      { 'channel[]': 2 },
      { 'vendor[]': ids.V1 },
      { 'category[]': ids.elektronik },
      { 'date-from': '2024-03-10', 'date-to': '2024-03-16' },
    ];
    for (const filter of filters) {
      const summary = (await brandWidget('summary/card', filter)) as { data: Record<string, unknown> };
      expect(Object.keys(summary.data).sort()).toEqual(CARDS.map(([key]) => key).sort());
      for (const [key, path, extra] of CARDS) {
        const own = (await brandWidget(path, { ...filter, ...extra })) as { data: unknown };
        expect(summary.data[key], `${key} ${JSON.stringify(filter)}`).toStrictEqual(own.data);
      }
    }
  });

  it('holds the figures worked out by hand', async () => {
    const { data } = (await brandWidget('summary/card')) as { data: Record<string, unknown> };
    expect(data.sales_gross_margin).toStrictEqual(cardOf(4_030_000, 2_500_000, 61, 1).data);
    expect(data.sales_new_orders).toStrictEqual(cardOf(2, 0, 100, 1).data);
    expect(data.sales_incoming_orders).toStrictEqual(cardOf(3, 2, 50, 1).data);
    expect(data.sales_order_product).toStrictEqual(cardOf(7, 3, 133, 1).data);
  });

  it('is a brand-side answer only, and checks its query as every widget does', async () => {
    const vendorSide = await api.request(`/api/vendor/${ids.V1}/widget/summary/card`, {
      token: admin,
      query: CURRENT,
    });
    expect(vendorSide.status).toBe(404);
    const refused = await api.request(`/api/brand/${ids.A}/widget/summary/card`, {
      token: admin,
      query: { 'date-from': '2024-03-20', 'date-to': '2024-03-14' },
    });
    expect(refused.status).toBe(422);
  });
});

describe('filters', () => {
  it('a vendor filter keeps that vendor’s orders; a diverted order stays with nobody', async () => {
    expect(await brandWidget('sales/card/gross-margin', { 'vendor[]': ids.V1 })).toStrictEqual(
      cardOf(1_530_000, 2_000_000, 24, 2),
    );
    expect(await brandWidget('sales/card/gross-margin', { 'vendor[]': [ids.V1, ids.V3] })).toStrictEqual(
      cardOf(4_030_000, 2_500_000, 61, 1),
    );
  });

  it('a channel filter keeps that channel’s orders', async () => {
    expect(await brandWidget('sales/card/gross-margin', { 'channel[]': 2 })).toStrictEqual(
      cardOf(530_000, 500_000, 6, 1),
    );
  });

  it('a category includes its children and grandchildren', async () => {
    expect(await brandWidget('sales/card/gross-margin', { 'category[]': ids.laptop })).toStrictEqual(
      cardOf(3_000_000, 2_000_000, 50, 1),
    );
    expect(await brandWidget('sales/card/gross-margin', { 'category[]': ids.elektronik })).toStrictEqual(
      cardOf(4_000_000, 2_500_000, 60, 1),
    );
    expect(await brandWidget('sales/card/gross-margin', { 'category[]': ids.gaming })).toStrictEqual(
      cardOf(2_000_000, 0, 100, 1),
    );
  });

  it('a filter naming only another brand’s category or no real vendor matches nothing', async () => {
    const foreign = api.world.categories.B.parent;
    expect(await brandWidget('sales/card/gross-margin', { 'category[]': foreign })).toStrictEqual(
      cardOf(0, 0, 0, 0),
    );
    expect(await brandWidget('sales/card/gross-margin', { 'vendor[]': 999_999 })).toStrictEqual(
      cardOf(0, 0, 0, 0),
    );
  });

  it('another brand’s sales never count, even through a vendor serving both', async () => {
    expect(await brandWidget('sales/card/gross-margin', { 'vendor[]': ids.V3 })).toStrictEqual(
      cardOf(2_500_000, 500_000, 400, 1),
    );
  });
});

describe('periods and comparisons', () => {
  it('defaults to the last 7 days ending today in Asia/Jakarta', async () => {
    const response = await api.request(`/api/brand/${ids.A}/widget/sales/chart/gross-margin-period`, {
      token: admin,
    });
    expect(response.body.data.current_period.map((item: { date: string }) => item.date)).toEqual([
      '2024-03-14',
      '2024-03-15',
      '2024-03-16',
      '2024-03-17',
      '2024-03-18',
      '2024-03-19',
      '2024-03-20',
    ]);
    expect(response.body.data.last_period[0].date).toBe('2024-03-07');
  });

  it('takes today from Asia/Jakarta, where 18:00 UTC is already tomorrow', async () => {
    api.clock.now = new Date('2024-03-20T18:00:00Z');
    try {
      // Tokens live an hour of the API's clock, so sign in again at the new time.
      const token = await api.login(api.world.users.admin.email);
      const response = await api.request(`/api/brand/${ids.A}/widget/sales/chart/gross-margin-period`, {
        token,
      });
      expect(response.body.data.current_period.at(-1).date).toBe('2024-03-21');
      expect(response.body.data.current_period[0].date).toBe('2024-03-15');
    } finally {
      api.clock.now = NOW;
    }
  });

  it('counts an order on its Jakarta day, not its UTC day', async () => {
    const body = await brandWidget('sales/card/gross-margin', {
      'date-from': '2024-03-14',
      'date-to': '2024-03-14',
    });
    expect(body).toStrictEqual(cardOf(1_000_000, 0, 100, 1));
  });

  it('compares a single day (span 0) with the day before', async () => {
    const body = await brandWidget('sales/chart/gross-margin-period', {
      'date-from': '2024-03-17',
      'date-to': '2024-03-17',
    });
    expect(body.data).toStrictEqual({
      current_period: [{ date: '2024-03-17', grand_total: 2_000_000 }],
      last_period: [{ date: '2024-03-16', grand_total: 0 }],
    });
  });

  it('compares a two-day range (span 1) with the one day before it', async () => {
    const body = await brandWidget('sales/chart/gross-margin-period', {
      'date-from': '2024-03-14',
      'date-to': '2024-03-15',
    });
    expect(body.data.current_period).toHaveLength(2);
    expect(body.data.last_period).toStrictEqual([{ date: '2024-03-13', grand_total: 0 }]);
  });

  it('compares a longer range with span + 1 days just before it', async () => {
    const body = await brandWidget('sales/card/gross-margin', {
      'date-from': '2024-03-15',
      'date-to': '2024-03-17',
    });
    // 03-15 … 03-17 against 03-12 … 03-14: 530.000 + 2.000.000 against 500.000 + 1.000.000.
    expect(body).toStrictEqual(cardOf(2_530_000, 1_500_000, 69, 1));
  });

  it('answers 0 % and no direction when both periods are 0, and direction 0 when they are equal', async () => {
    expect(
      await brandWidget('sales/card/gross-margin', { 'date-from': '2023-01-01', 'date-to': '2023-01-07' }),
    ).toStrictEqual(cardOf(0, 0, 0, 0));
    expect(
      await brandWidget('sales/card/invoice', { 'date-from': '2024-03-19', 'date-to': '2024-03-19' }),
    ).toStrictEqual(cardOf(1, 1, 0, 0));
  });

  it('answers 100 % up when the last period is 0', async () => {
    expect(
      await brandWidget('sales/card/order', { 'date-from': '2024-03-19', 'date-to': '2024-03-19' }),
    ).toStrictEqual(cardOf(1, 0, 100, 1));
  });

  it('rejects a range that ends before it starts, a day that does not exist and a range over two years', async () => {
    const reversed = await api.request(`/api/brand/${ids.A}/widget/sales/card/gross-margin`, {
      token: admin,
      query: { 'date-from': '2024-03-20', 'date-to': '2024-03-14' },
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toStrictEqual({
      'date-to': ['The date-to field must be a date after or equal to date-from.'],
    });

    const impossible = await api.request(`/api/brand/${ids.A}/widget/sales/card/gross-margin`, {
      token: admin,
      query: { 'date-from': '2024-02-30', 'date-to': '2024-03-01' },
    });
    expect(impossible.status).toBe(422);
    expect(Object.keys(impossible.body.errors)).toEqual(['date-from']);

    const long = await api.request(`/api/brand/${ids.A}/widget/sales/card/gross-margin`, {
      token: admin,
      query: { 'date-from': '2020-01-01', 'date-to': '2024-01-01' },
    });
    expect(long.status).toBe(422);
  });

  it('rejects ids that are not numbers and statuses it does not know', async () => {
    const badChannel = await api.request(`/api/brand/${ids.A}/widget/sales/card/gross-margin`, {
      token: admin,
      query: { 'channel[]': 'abc' },
    });
    expect(badChannel.status).toBe(422);
    expect(Object.keys(badChannel.body.errors)).toEqual(['channel.0']);

    const badStatus = await api.request(`/api/brand/${ids.A}/widget/sales/card/invoice`, {
      token: admin,
      query: { status: 'Terbang' },
    });
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.errors).toStrictEqual({ 'status.0': ['The selected status is invalid.'] });
  });
});

describe('sales charts', () => {
  it('GMV per day, zero-filled, for both periods', async () => {
    const body = await brandWidget('sales/chart/gross-margin-period');
    expect(body.data.current_period).toStrictEqual([
      { date: '2024-03-14', grand_total: 1_000_000 },
      { date: '2024-03-15', grand_total: 530_000 },
      { date: '2024-03-16', grand_total: 0 },
      { date: '2024-03-17', grand_total: 2_000_000 },
      { date: '2024-03-18', grand_total: 0 },
      { date: '2024-03-19', grand_total: 500_000 },
      { date: '2024-03-20', grand_total: 0 },
    ]);
    expect(body.data.last_period.map((item: { grand_total: number }) => item.grand_total)).toEqual([
      0, 0, 0, 2_000_000, 0, 500_000, 0,
    ]);
    for (const path of ['product/chart/gross-margin-period', 'vendor/chart/gross-margin-period']) {
      expect((await brandWidget(path)).data).toStrictEqual(body.data);
    }
  });

  it('units per day under the names of each family', async () => {
    const units = [1, 4, 0, 1, 0, 1, 0];
    const sales = await brandWidget('sales/chart/order-product-period');
    expect(
      sales.data.current_period.map((item: { total_order_product: number }) => item.total_order_product),
    ).toEqual(units);
    for (const path of ['product/chart/sold-product-period', 'vendor/chart/sold-product-period']) {
      const body = await brandWidget(path);
      expect(
        body.data.current_period.map((item: { total_sold_product: number }) => item.total_sold_product),
      ).toEqual(units);
    }
  });

  it('the average sales price per day, 0 on days without sales', async () => {
    const body = await brandWidget('sales/chart/average-sales-price');
    expect(
      body.data.current_period.map((item: { average_sales_price: number }) => item.average_sales_price),
    ).toEqual([1_000_000, 132_500, 0, 2_000_000, 0, 500_000, 0]);
  });

  it('invoices per day in the statuses asked for', async () => {
    const body = await brandWidget('sales/chart/invoice-period');
    expect(body.data.current_period.map((item: { total_invoice: number }) => item.total_invoice)).toEqual([
      0, 0, 0, 0, 1, 1, 0,
    ]);
    const incoming = await brandWidget('sales/chart/invoice-period', {
      'status[]': ['Selesai', 'Dalam Pengiriman'],
    });
    expect(incoming.data.last_period.map((item: { total_invoice: number }) => item.total_invoice)).toEqual([
      0, 0, 0, 1, 0, 1, 0,
    ]);
  });
});

describe('sales table of invoices', () => {
  it('lists the range’s new-order invoices newest first with the Laravel paginator', async () => {
    const body = await brandWidget('sales/table/invoice');
    expect(body.data).toStrictEqual([
      {
        id: expect.any(Number),
        external_number: 'INV/S6',
        created_at: '2024-03-19 12:00:00',
        customer_name: 'Budi',
        grand_total: 500_000,
        status: 'Pesanan Baru',
        status_code: 'new',
        channel_name: 'Tokopedia',
      },
      {
        id: expect.any(Number),
        external_number: 'INV/S5',
        created_at: '2024-03-18 12:00:00',
        customer_name: 'Rina',
        grand_total: 500_000,
        status: 'Pesanan Baru',
        status_code: 'new',
        channel_name: 'Shopee',
      },
    ]);
    expect(body.meta).toStrictEqual({ current_page: 1, last_page: 1, per_page: 5, total: 2, from: 1, to: 2 });
  });

  it('searches, pages, filters by status and sorts on whitelisted columns only', async () => {
    const searched = await brandWidget('sales/table/invoice', { search: 'rin' });
    expect(searched.data.map((row: { external_number: string }) => row.external_number)).toEqual(['INV/S5']);

    const statuses = ['Selesai', 'Diproses Vendor', 'Pesanan Sampai'];
    const paged = await brandWidget('sales/table/invoice', {
      'status[]': statuses,
      sorted_by: 'external_number',
      order_by: 'asc',
      per_page: 2,
      page: 2,
    });
    expect(paged.data.map((row: { external_number: string }) => row.external_number)).toEqual(['INV/S4']);
    expect(paged.meta).toStrictEqual({
      current_page: 2,
      last_page: 2,
      per_page: 2,
      total: 3,
      from: 3,
      to: 3,
    });

    const unknownSort = await brandWidget('sales/table/invoice', {
      sorted_by: 'grand_total; drop table invoices',
    });
    expect(unknownSort.data.map((row: { external_number: string }) => row.external_number)).toEqual([
      'INV/S6',
      'INV/S5',
    ]);
  });

  it('answers an empty page with from and to null', async () => {
    const body = await brandWidget('sales/table/invoice', { page: 3 });
    expect(body.data).toEqual([]);
    expect(body.meta).toStrictEqual({
      current_page: 3,
      last_page: 1,
      per_page: 5,
      total: 2,
      from: null,
      to: null,
    });
  });
});

describe('the vendor side', () => {
  it('restricts every family to the vendor, across the brands it serves, for its own users', async () => {
    const token = await api.login(api.world.users.vendor1Special.email);
    expect(await vendorWidget(ids.V1, 'sales/card/gross-margin', {}, token)).toStrictEqual(
      cardOf(1_530_000, 2_000_000, 24, 2),
    );
    expect(await vendorWidget(ids.V3, 'sales/card/gross-margin')).toStrictEqual(
      cardOf(3_277_000, 500_000, 555, 1),
    );
  });

  it('shows a brand user only that brand’s part of a vendor serving two brands', async () => {
    expect(await vendorWidget(ids.V3, 'sales/card/gross-margin', {}, brandA)).toStrictEqual(
      cardOf(2_500_000, 500_000, 400, 1),
    );
  });

  it('ignores a vendor filter, which cannot widen the vendor named by the path', async () => {
    expect(
      await vendorWidget(ids.V1, 'sales/card/gross-margin', { 'vendor[]': ids.V3 }, vendor1),
    ).toStrictEqual(cardOf(1_530_000, 2_000_000, 24, 2));
  });

  it('counts the vendor’s new orders and lists them', async () => {
    expect(await vendorWidget(ids.V3, 'sales/card/new-order')).toStrictEqual(cardOf(1, 0, 100, 1));
    const chart = await vendorWidget(ids.V3, 'sales/chart/order-period');
    expect(chart.data.current_period.map((item: { total_order: number }) => item.total_order)).toEqual([
      0, 0, 0, 0, 0, 1, 0,
    ]);
    const table = await vendorWidget(ids.V3, 'sales/table/order');
    expect(table.data).toStrictEqual([
      {
        id: expect.any(Number),
        number: expect.any(String),
        created_at: '2024-03-19 12:00:00',
        invoice_id: expect.any(Number),
        external_number: 'INV/S6',
        customer_name: 'Budi',
        grand_total: 500_000,
        status: 'Pesanan Baru',
        status_code: 'new',
        channel_name: 'Tokopedia',
        brand_id: ids.A,
        brand_name: 'Brand A',
      },
    ]);
    expect(table.meta.total).toBe(1);
  });

  it('takes vendor-side status labels and shows them', async () => {
    const table = await vendorWidget(ids.V3, 'sales/table/order', { 'status[]': ['Siap Dikirim'] });
    expect(
      table.data.map((row: { status: string; external_number: string }) => [row.external_number, row.status]),
    ).toEqual([['INV/S4', 'Siap Dikirim']]);
    const delivered = await vendorWidget(ids.V1, 'sales/card/new-order', { status: 'Sampai' }, vendor1);
    expect(delivered).toStrictEqual(cardOf(1, 0, 100, 1));
  });

  it('lists on the vendor side only the invoices whose order the vendor holds', async () => {
    const body = await vendorWidget(ids.V3, 'sales/table/invoice');
    expect(body.data.map((row: { external_number: string }) => row.external_number)).toEqual(['INV/S6']);
  });
});

describe('vendor dashboard', () => {
  it('the SLA card is the mean hours from creation to ready to deliver', async () => {
    expect(await brandWidget('vendor/card/average-sla')).toStrictEqual(cardOf(4, 20, 80, 2));
    expect(await vendorWidget(ids.V3, 'vendor/card/average-sla', {}, brandA)).toStrictEqual(
      cardOf(6, 30, 80, 2),
    );
  });

  it('the SLA is empty when no order of the range was made ready', async () => {
    expect(
      await brandWidget('vendor/card/average-sla', { 'date-from': '2024-03-19', 'date-to': '2024-03-19' }),
    ).toStrictEqual(cardOf(null, null, 0, 0));
  });

  it('the average in-stock rate is the mean of the vendors’ rates', async () => {
    // V1 10 of 14 (product, day) pairs now, 14 of 14 before; V3 7 of 14 now, 0 of 7 before.
    expect(await brandWidget('vendor/card/average-in-stock-rate')).toStrictEqual(cardOf(60.71, 50, 21, 1));
    expect(await brandWidget('product/card/average-in-stock-rate')).toStrictEqual(cardOf(60.71, 50, 21, 1));
  });

  it('the performance table has every vendor of the brand with its figures', async () => {
    const body = await brandWidget('vendor/table/performance', { sorted_by: 'grand_total' });
    expect(body.data).toStrictEqual([
      {
        id: ids.V3,
        name: 'Vendor Tiga',
        city: 'Surabaya',
        in_stock_rate: 50,
        sla: 6,
        grand_total: 2_500_000,
        total_order: 2,
        total_sold: 2,
      },
      {
        id: ids.V1,
        name: 'Vendor Satu',
        city: 'Jakarta',
        in_stock_rate: 71.43,
        sla: 3,
        grand_total: 1_530_000,
        total_order: 2,
        total_sold: 5,
      },
    ]);
    expect(body.meta.total).toBe(2);
    const searched = await brandWidget('vendor/table/performance', { search: 'satu', sorted_by: 'sla' });
    expect(searched.data.map((row: { id: number }) => row.id)).toEqual([ids.V1]);
  });
});

describe('product dashboard', () => {
  it('the in-stock rate is the share of (product, day) pairs with stock anywhere in scope', async () => {
    // p1 7/7, p2 3/7, p3 7/7 now; p1 7/7, p2 7/7, p3 0/7 before; the inactive p5 never counts.
    expect(await brandWidget('product/card/in-stock-rate')).toStrictEqual(cardOf(80.95, 66.67, 21, 1));
    expect(await brandWidget('product/card/in-stock-rate', { 'vendor[]': ids.V3 })).toStrictEqual(
      cardOf(50, 0, 100, 1),
    );
    expect(await brandWidget('product/card/in-stock-rate', { 'category[]': ids.laptop })).toStrictEqual(
      cardOf(100, 50, 100, 1),
    );
  });

  it('the average run rate is units of the last 7 days ÷ 7 per stocked product', async () => {
    // Now 1 + 2 + 1 units of p1, p2, p3 over 3 products; before 2 + 1 + 0.
    expect(await brandWidget('product/card/average-run-rate')).toStrictEqual(cardOf(0.19, 0.14, 36, 1));
  });

  it('the average weeks of supply is over the products that sell', async () => {
    // Now p1 5/1, p2 3/2, p3 2/1 weeks; before p1 5/2, p2 1/1 (p3 sold nothing and has none).
    expect(await brandWidget('product/card/average-weeks-of-supply')).toStrictEqual(
      cardOf(2.83, 1.75, 62, 1),
    );
  });

  it('weeks of supply are empty before any snapshot exists', async () => {
    expect(
      await brandWidget('product/card/average-weeks-of-supply', {
        'date-from': '2023-01-01',
        'date-to': '2023-01-07',
      }),
    ).toStrictEqual(cardOf(null, null, 0, 0));
  });

  it('the performance table lists the products sold in the range', async () => {
    const body = await brandWidget('product/table/performance', { sorted_by: 'total_price', per_page: 10 });
    expect(body.data).toStrictEqual([
      {
        id: ids.p3,
        name: 'Laptop Gaming Z',
        category_name: 'Gaming',
        sku: 'GAM-Z',
        total_price: 2_000_000,
        total_sold: 1,
        total_order: 1,
      },
      {
        id: ids.p2,
        name: 'Ponsel Y',
        category_name: 'Ponsel',
        sku: 'PON-Y',
        total_price: 1_000_000,
        total_sold: 2,
        total_order: 2,
      },
      {
        id: ids.p1,
        name: 'Laptop X',
        category_name: 'Laptop',
        sku: 'LAP-X',
        total_price: 1_000_000,
        total_sold: 1,
        total_order: 1,
      },
      {
        id: ids.p4,
        name: 'Kabel',
        category_name: null,
        sku: 'KBL',
        total_price: 30_000,
        total_sold: 3,
        total_order: 1,
      },
    ]);
    const laptops = await brandWidget('product/table/performance', { 'category[]': ids.laptop });
    expect(laptops.data.map((row: { id: number }) => row.id)).toEqual([ids.p3, ids.p1]);
    const searched = await brandWidget('product/table/performance', { search: 'kbl' });
    expect(searched.data.map((row: { id: number }) => row.id)).toEqual([ids.p4]);
    expect(searched.meta.total).toBe(1);
  });
});

describe('customer dashboard', () => {
  it('classifies each buyer once: new, regular after more than 30 days, loyal within 30', async () => {
    // Now: c4 new, c2 regular (last bought 2024-01-05), c1 loyal (03-10); before: c1 and c5 new.
    expect(await brandWidget('customer/card')).toStrictEqual(cardOf(3, 2, 50, 1));
    expect(await brandWidget('customer/card/new-customer')).toStrictEqual(cardOf(1, 2, 50, 2));
    expect(await brandWidget('customer/card/customer-regular')).toStrictEqual(cardOf(1, 0, 100, 1));
    expect(await brandWidget('customer/card/loyal-customer')).toStrictEqual(cardOf(1, 0, 100, 1));
  });

  it('takes a return after exactly 30 days as loyal and after 31 days as regular', async () => {
    const brandB = { 'date-from': '2024-03-14', 'date-to': '2024-03-20' };
    const get = async (path: string) =>
      (await api.request(`/api/brand/${ids.B}/widget/${path}`, { token: admin, query: brandB })).body;
    expect(await get('customer/card/loyal-customer')).toStrictEqual(cardOf(1, 0, 100, 1));
    expect(await get('customer/card/customer-regular')).toStrictEqual(cardOf(1, 0, 100, 1));
    expect(await get('customer/card/new-customer')).toStrictEqual(cardOf(0, 0, 0, 0));
  });

  it('answers the root card with a trailing slash too', async () => {
    expect(await brandWidget('customer/card/')).toStrictEqual(cardOf(3, 2, 50, 1));
  });

  it('charts each buyer on the day of their first invoice in the range', async () => {
    const series = async (path: string) =>
      (await brandWidget(path)).data.current_period.map(
        (item: { total_customer: number }) => item.total_customer,
      );
    expect(await series('customer/chart/new-customer-period')).toEqual([0, 0, 0, 0, 1, 0, 0]);
    expect(await series('customer/chart/customer-regular-period')).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(await series('customer/chart/loyal-customer-period')).toEqual([1, 0, 0, 0, 0, 0, 0]);
  });

  it('judges a buyer by all their invoices at the brand when a vendor or category narrows who counts', async () => {
    // Through V3: c1 (03-17, previous 03-14) and c2 (03-19, previous 03-15) are loyal; before, c5 was new.
    expect(await brandWidget('customer/card', { 'vendor[]': ids.V3 })).toStrictEqual(cardOf(2, 1, 100, 1));
    expect(await brandWidget('customer/card/loyal-customer', { 'vendor[]': ids.V3 })).toStrictEqual(
      cardOf(2, 0, 100, 1),
    );
    // Ponsel lines: c2 (regular) and c4 (new) now.
    expect(await brandWidget('customer/card/new-customer', { 'category[]': ids.ponsel })).toStrictEqual(
      cardOf(1, 1, 0, 0),
    );
    expect(await brandWidget('customer/card/customer-regular', { 'category[]': ids.ponsel })).toStrictEqual(
      cardOf(1, 0, 100, 1),
    );
  });

  it('splits buyers by gender, unknown under others', async () => {
    expect((await brandWidget('customer/chart/customer-gender-period')).data).toStrictEqual({
      current_period: { others: 1, male: 1, female: 1 },
      last_period: { others: 0, male: 0, female: 2 },
    });
  });

  it('counts invoices by payment method and by buyer city, most first', async () => {
    expect((await brandWidget('customer/chart/customer-payment-method')).data).toStrictEqual({
      current_period: [
        { payment_method: 'COD', total_payment: 2 },
        { payment_method: 'Transfer Bank', total_payment: 2 },
        { payment_method: 'OVO', total_payment: 1 },
      ],
      last_period: [
        { payment_method: 'COD', total_payment: 1 },
        { payment_method: 'Transfer Bank', total_payment: 1 },
      ],
    });
    expect((await brandWidget('customer/chart/customer-city')).data).toStrictEqual({
      current_period: [
        { city: 'Jakarta', total_order: 3 },
        { city: 'Bandung', total_order: 2 },
      ],
      last_period: [
        { city: 'Jakarta', total_order: 1 },
        { city: 'Surabaya', total_order: 1 },
      ],
    });
  });

  it('the city table sums buyers, invoices, items and grand totals per city', async () => {
    const body = await brandWidget('customer/table/customer-city');
    expect(body.data).toStrictEqual([
      { recipient_city: 'Jakarta', total_customer: 2, total_order: 3, total_item: 3, grand_total: 3_500_000 },
      { recipient_city: 'Bandung', total_customer: 1, total_order: 2, total_item: 6, grand_total: 1_530_000 },
    ]);
    expect(body.meta).toStrictEqual({ current_page: 1, last_page: 1, per_page: 5, total: 2, from: 1, to: 2 });
    const sorted = await brandWidget('customer/table/customer-city', {
      sorted_by: 'total_item',
      per_page: 1,
    });
    expect(sorted.data.map((row: { recipient_city: string }) => row.recipient_city)).toEqual(['Bandung']);
    expect(sorted.meta.last_page).toBe(2);
  });
});

describe('branch dashboard', () => {
  it('offers the cities of the brand’s vendors’ areas', async () => {
    expect((await brandWidget('branch/options')).data).toStrictEqual([
      { city: 'Bekasi', total_vendor: 1 },
      { city: 'Jakarta', total_vendor: 2 },
      { city: 'Surabaya', total_vendor: 1 },
    ]);
  });

  it('narrows to the vendors covering the chosen branches', async () => {
    expect(await brandWidget('branch/card/gross-margin', { 'city[]': 'Surabaya' })).toStrictEqual(
      cardOf(2_500_000, 500_000, 400, 1),
    );
    expect(await brandWidget('branch/card/canceled', { 'city[]': 'bekasi' })).toStrictEqual(
      cardOf(1, 0, 100, 1),
    );
    expect(await brandWidget('branch/card/returned', { 'city[]': 'Jakarta' })).toStrictEqual(
      cardOf(1, 0, 100, 1),
    );
    expect(await brandWidget('branch/card/sold-product', { 'city[]': 'Bandung' })).toStrictEqual(
      cardOf(0, 0, 0, 0),
    );
  });

  it('compares with the compare range when one is given', async () => {
    const query = { 'city[]': 'Jakarta', 'compare-from': '2024-01-01', 'compare-to': '2024-01-31' };
    expect(await brandWidget('branch/card/gross-margin', query)).toStrictEqual(
      cardOf(4_030_000, 10_000, 40_200, 1),
    );
    const chart = await brandWidget('branch/chart/gross-margin-period', query);
    expect(chart.data.current_period).toHaveLength(7);
    expect(chart.data.last_period).toHaveLength(31);
    expect(chart.data.last_period[4]).toStrictEqual({ date: '2024-01-05', grand_total: 10_000 });
  });

  it('wants both ends of a compare range', async () => {
    const response = await api.request(`/api/brand/${ids.A}/widget/branch/card/gross-margin`, {
      token: admin,
      query: { 'compare-from': '2024-01-01' },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['compare-to']);
  });

  it('is brand-side only', async () => {
    const response = await api.request(`/api/vendor/${ids.V1}/widget/branch/options`, { token: admin });
    expect(response.status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('lists every widget path of both sides', async () => {
    const response = await api.request('/api/docs/openapi.json');
    const paths = Object.keys(response.body.paths).filter((path) => path.includes('/widget/'));
    expect(paths).toContain('/api/brand/{brand}/widget/sales/card/gross-margin');
    expect(paths).toContain('/api/vendor/{vendor}/widget/sales/table/order');
    expect(paths).not.toContain('/api/brand/{brand}/widget/sales/table/order');
    expect(paths).not.toContain('/api/vendor/{vendor}/widget/branch/options');
    expect(paths).toContain('/api/brand/{brand}/widget/summary/card');
    expect(paths).not.toContain('/api/vendor/{vendor}/widget/summary/card');
    expect(paths).toHaveLength(84);
  });
});
