import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../api/db/schema';
import { rebuildRollups } from '../../api/domains/rollup/service';
import { startTestApi, type JsonBody, type TestApi } from '../support/api';
import { startTestWeb } from '../support/web-app';
import { createCatalogue, invoicePayload, placeOrder, type Catalogue } from '../support/world';

/** Invoices (list, card, detail) and customers (list, detail) of brand A on a small fixture. */

let api: TestApi;
let catalogue: Catalogue;
let brandA: string;
let admin: string;
const ids = {} as Record<'siti' | 'budi' | 'waiting' | 'canceled' | 'shopee' | 'diverted', number>;
let divertedOrder: number;
let replacementOrder: number;

const DAY1 = new Date('2026-04-01T02:00:00Z');
const DAY2 = new Date('2026-04-02T02:00:00Z');

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  const { laptop, phone, charger } = catalogue.A;
  [brandA, admin] = await Promise.all([
    api.login(api.world.users.brandA.email),
    api.login(api.world.users.admin.email),
  ]);

  api.clock.now = DAY1;
  ids.siti = (
    await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: laptop, quantity: 1 }],
      status: 'ready_to_deliver',
    })
  ).invoiceId;
  const budi = {
    customer_name: 'Budi Santoso',
    customer_phone: '0813-5555-0000',
    customer_email: 'budi@example.test',
  };
  ids.budi = (
    await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: phone, quantity: 1 }],
      overrides: budi,
    })
  ).invoiceId;
  ids.canceled = (
    await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: charger, quantity: 1 }],
      overrides: budi,
    })
  ).invoiceId;

  api.clock.now = DAY2;
  const waiting = await api.request(`/api/brand/${api.world.brands.A}/channel/1/invoice`, {
    method: 'POST',
    token: admin,
    json: invoicePayload([{ product: charger, quantity: 2 }], {
      customer_name: 'Citra Lestari',
      customer_phone: '0857-1234-0000',
      customer_email: null,
    }),
  });
  ids.waiting = waiting.body.data.id;
  ids.shopee = (
    await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V3',
      channel: 'shopee',
      lines: [{ product: phone, quantity: 2 }],
      status: 'delivered',
    })
  ).invoiceId;
  const toDivert = await placeOrder(api.deps, api.world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: laptop, quantity: 1 }],
  });
  ids.diverted = toDivert.invoiceId;
  divertedOrder = toDivert.orderId;
  const changed = await api.request(
    `/api/brand/${api.world.brands.A}/order/${toDivert.orderId}/change-vendor`,
    {
      method: 'PUT',
      token: brandA,
      json: { vendor_id: api.world.vendors.V3 },
    },
  );
  replacementOrder = changed.body.data.id;
  await placeOrder(api.deps, api.world, {
    brand: 'B',
    vendor: 'V2',
    lines: [{ product: catalogue.B.shirt, quantity: 1 }],
    overrides: budi,
  });

  await api.db
    .update(invoices)
    .set({ statusCode: 'canceled', canceledAt: DAY1 })
    .where(eq(invoices.id, ids.canceled));
  await api.db.transaction((tx) => rebuildRollups(tx));
});

afterAll(async () => {
  await api?.close();
});

function path(tail: string) {
  return `/api/brand/${api.world.brands.A}/${tail}`;
}

async function list(query: Record<string, string | number | (string | number)[]> = {}, tail = 'invoice') {
  const response = await api.request(path(tail), { token: brandA, query: { per_page: 100, ...query } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as JsonBody;
}

function idsOf(body: JsonBody) {
  return body.data.map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b);
}

function sorted(...values: number[]) {
  return [...values].sort((a, b) => a - b);
}

const LISTED = () => sorted(ids.siti, ids.budi, ids.waiting, ids.shopee, ids.diverted);

describe('GET /api/brand/{brand}/invoice', () => {
  it('lists the brand invoices with the spec fields, canceled ones left out', async () => {
    const body = await list();
    expect(idsOf(body)).toEqual(LISTED());
    expect(body.meta.total).toBe(5);
    const row = body.data.find((item: { id: number }) => item.id === ids.siti);
    expect(row).toMatchObject({
      external_number: expect.stringMatching(/^INV\//),
      customer_name: 'Siti Rahayu',
      customer_phone: '0812-3456-7890',
      customer_email: 'siti.rahayu@example.test',
      status: 'Diproses Vendor',
      status_code: 'ready_to_deliver',
      channel: { id: 1, name: 'Tokopedia' },
      channel_name: 'Tokopedia',
      channel_id: 1,
      grand_total: catalogue.A.laptop.price + 18_000,
      subtotal: catalogue.A.laptop.price,
      total_product: 1,
      payment_method: 'Transfer Bank',
      recipient_name: 'Siti Rahayu',
    });
    for (const field of [
      'date',
      'created_at',
      'updated_at',
      'payment_date',
      'preorder_deadline',
      'preorder_process_day',
      'preorder_process_start',
      'shipping_cost',
      'insurance_cost',
      'voucher_amount',
      'cashback_amount',
      'delivery_type',
      'recipient_mobile_phone',
      'recipient_address_full',
    ]) {
      expect(row, field).toHaveProperty(field);
    }
  });

  it('shows canceled invoices with the flag or the Dibatalkan status, and filters by status label', async () => {
    expect(idsOf(await list({ 'with-canceled': 1 }))).toEqual(sorted(...LISTED(), ids.canceled));
    expect(idsOf(await list({ status: 'Dibatalkan' }))).toEqual([ids.canceled]);
    expect(idsOf(await list({ status: 'Pesanan Baru' }))).toEqual(
      sorted(ids.budi, ids.waiting, ids.diverted),
    );
    expect(
      idsOf(await list({ 'status[]': ['Selesai', 'Diproses Vendor', 'Dalam Pengiriman', 'Pesanan Sampai'] })),
    ).toEqual(sorted(ids.siti, ids.shopee));
    const unknown = await api.request(path('invoice'), { token: brandA, query: { status: 'Dialihkan' } });
    expect(unknown.status).toBe(422);
  });

  it('searches, filters by day, channel and customer name, and sorts', async () => {
    expect(idsOf(await list({ search: 'budi' }))).toEqual([ids.budi]);
    expect(idsOf(await list({ 'date-from': '2026-04-02', 'date-to': '2026-04-02' }))).toEqual(
      sorted(ids.waiting, ids.shopee, ids.diverted),
    );
    expect(idsOf(await list({ 'channel[]': [2] }))).toEqual([ids.shopee]);
    expect(idsOf(await list({ 'customer-name': 'budi santoso', 'with-canceled': 1 }))).toEqual(
      sorted(ids.budi, ids.canceled),
    );
    const byTotal = await list({ sorted_by: 'grand_total', order_by: 'desc' });
    const totals = byTotal.data.map((row: { grand_total: number }) => row.grand_total);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
  });

  it('has a total under the list that matches its rows, and a card summing their grand totals', async () => {
    const filters: Record<string, string | number | number[]>[] = [
      {},
      { 'date-from': '2026-04-01', 'date-to': '2026-04-01' },
      { 'channel[]': [1], status: 'Pesanan Baru' },
      { search: 'INV/' },
      { 'with-canceled': 1 },
    ];
    for (const query of filters) {
      const body = await list({ ...query, per_page: 1000 });
      expect(body.meta.total, JSON.stringify(query)).toBe(body.data.length);
      const card = await api.request(path('invoice/card/total'), { token: brandA, query });
      const expected = body.data.reduce(
        (sum: number, row: { grand_total: number }) => sum + row.grand_total,
        0,
      );
      expect(card.body, JSON.stringify(query)).toEqual({ data: { current_period_value: expected } });
    }
  });
});

describe('GET /api/brand/{brand}/invoice/{id}', () => {
  it('shows every order the invoice became, with lines, products, vendor and timeline, and its offers', async () => {
    const response = await api.request(path(`invoice/${ids.diverted}`), { token: brandA });
    expect(response.status).toBe(200);
    const invoice = response.body.data;
    expect(invoice.channel).toEqual({ id: 1, name: 'Tokopedia' });
    expect(invoice.orders.map((order: { id: number; status: string }) => [order.id, order.status])).toEqual([
      [divertedOrder, 'Dialihkan'],
      [replacementOrder, 'Pesanan Baru'],
    ]);
    expect(invoice.orders[1]).toMatchObject({
      vendor: { id: api.world.vendors.V3, name: 'Vendor Tiga' },
      order_products: [
        expect.objectContaining({
          invoice_product: expect.objectContaining({
            product: expect.objectContaining({ sku: catalogue.A.laptop.sku }),
          }),
        }),
      ],
      order_activities: [expect.objectContaining({ message: expect.stringContaining('pengalihan') })],
    });
    expect(
      invoice.invoice_offer_logs.map((offer: { status: string; vendor: { name: string } }) => [
        offer.vendor.name,
        offer.status,
      ]),
    ).toEqual([
      ['Vendor Tiga', 'rejected'],
      ['Vendor Satu', 'accepted'],
    ]);
    expect(invoice.invoice_products).toEqual([
      expect.objectContaining({ sku: catalogue.A.laptop.sku, quantity: 1 }),
    ]);
  });

  it('shows the offers of an invoice that has no order yet', async () => {
    const response = await api.request(path(`invoice/${ids.waiting}`), { token: brandA });
    expect(response.body.data.orders).toEqual([]);
    expect(response.body.data.invoice_offer_logs).toEqual([
      expect.objectContaining({
        status: 'pending',
        vendor: { id: api.world.vendors.V3, name: 'Vendor Tiga' },
        created_at: DAY2.toISOString(),
      }),
    ]);
  });
});

describe('GET /api/brand/{brand}/customer', () => {
  it('lists the brand buyers with their number of invoices', async () => {
    const body = await list({}, 'customer');
    expect(
      body.data.map((row: { customer_name: string; total_invoice: number }) => [
        row.customer_name,
        row.total_invoice,
      ]),
    ).toEqual([
      ['Budi Santoso', 2],
      ['Citra Lestari', 1],
      ['Siti Rahayu', 3],
    ]);
    expect(Object.keys(body.data[0]).sort()).toEqual([
      'city',
      'customer_email',
      'customer_name',
      'customer_phone',
      'gender',
      'id',
      'total_invoice',
    ]);
    expect(body.meta).toStrictEqual({
      current_page: 1,
      last_page: 1,
      per_page: 100,
      total: 3,
      from: 1,
      to: 3,
    });
  });

  it('searches name, email and phone; narrows to invoices of a day or channel; sorts', async () => {
    const names = (body: JsonBody) => body.data.map((row: { customer_name: string }) => row.customer_name);
    // A narrowed list's total counts the buyers it shows, not every buyer of the brand (the rollup's three).
    const shown = (body: JsonBody) => ({ names: names(body), total: body.meta.total });
    expect(shown(await list({ search: 'budi@' }, 'customer'))).toEqual({ names: ['Budi Santoso'], total: 1 });
    expect(shown(await list({ search: '0857' }, 'customer'))).toEqual({ names: ['Citra Lestari'], total: 1 });
    const day2 = await list({ 'date-from': '2026-04-02' }, 'customer');
    expect(day2.meta.total).toBe(2);
    expect(
      day2.data.map((row: { customer_name: string; total_invoice: number }) => [
        row.customer_name,
        row.total_invoice,
      ]),
    ).toEqual([
      ['Citra Lestari', 1],
      ['Siti Rahayu', 2],
    ]);
    expect(shown(await list({ 'channel[]': [2] }, 'customer'))).toEqual({ names: ['Siti Rahayu'], total: 1 });
    expect(names(await list({ sorted_by: 'customer_name', order_by: 'desc' }, 'customer'))).toEqual([
      'Siti Rahayu',
      'Citra Lestari',
      'Budi Santoso',
    ]);
  });

  // The sorts are read from the rendered screen, so a column the screen makes sortable and the API does not sort
  // by (an unknown `sorted_by` falls back to the name) fails here.
  it('orders its rows by every column the customer list screen offers to sort by', async () => {
    const web = await startTestWeb(api);
    try {
      await web.signIn(api.world.users.brandA.email, api.world.password);
      const page = await web.request('/customer');
      expect(page.status).toBe(200);
      const offered = [
        ...new Set([...(await page.text()).matchAll(/sorted_by=(\w+)/g)].map((match) => match[1])),
      ];
      expect(offered).toContain('customer_name');
      const before = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
      for (const key of offered) {
        for (const order of ['asc', 'desc']) {
          const body = await list({ sorted_by: key, order_by: order }, 'customer');
          const values = body.data.map((row: Record<string, string | number>) => row[key]);
          const inOrder = [...values].sort(before);
          expect(values, `sorted_by=${key}&order_by=${order}`).toEqual(
            order === 'asc' ? inOrder : inOrder.reverse(),
          );
          expect(new Set(values).size, key).toBe(3);
        }
      }
    } finally {
      await web.close();
    }
  });
});

describe('GET /api/brand/{brand}/customer/detail', () => {
  it('finds the buyer by phone, email or name and pages their invoices, newest first', async () => {
    for (const query of [
      { phone: '+62 813 5555 0000' },
      { email: 'BUDI@example.test' },
      { name: 'budi santoso' },
    ]) {
      const response = await api.request(path('customer/detail'), {
        token: brandA,
        query: { ...query, per_page: 1 },
      });
      expect(response.status, JSON.stringify(query)).toBe(200);
      expect(response.body.data).toMatchObject({
        customer_name: 'Budi Santoso',
        total_invoice: 2,
        total_spent: catalogue.A.phone.price + 18_000,
      });
      expect(response.body.invoices.meta).toMatchObject({ total: 2, per_page: 1, last_page: 2 });
    }
    const byId = await api.request(path('customer/detail'), {
      token: brandA,
      query: { email: 'budi@example.test' },
    });
    const again = await api.request(path(`customer/${byId.body.data.id}`), { token: brandA });
    expect(again.body.data.id).toBe(byId.body.data.id);
    expect(again.body.invoices.data.map((row: { id: number }) => row.id).sort()).toEqual(
      sorted(ids.budi, ids.canceled),
    );
  });

  it('answers 404 for a buyer it does not know and 422 when nothing names one', async () => {
    expect(
      (await api.request(path('customer/detail'), { token: brandA, query: { phone: '0899-0000-0000' } }))
        .status,
    ).toBe(404);
    const nothing = await api.request(path('customer/detail'), { token: brandA });
    expect(nothing.status).toBe(422);
    expect(Object.keys(nothing.body.errors)).toEqual(['name']);
  });
});
