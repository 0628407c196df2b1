import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  customers,
  eventOutbox,
  invoiceOfferProducts,
  invoiceOffers,
  invoiceProducts,
  invoices,
  notifications,
} from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, invoicePayload, type Catalogue } from '../support/world';

let api: TestApi;
let catalogue: Catalogue;
let admin: string;
let brandA: string;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  admin = await api.login(api.world.users.admin.email);
  brandA = await api.login(api.world.users.brandA.email);
});

afterAll(async () => {
  await api?.close();
});

function ingestPath(brand: number, channel: number) {
  return `/api/brand/${brand}/channel/${channel}/invoice`;
}

async function post(body: unknown, token = admin, brand = api.world.brands.A, channel = 1) {
  return api.request(ingestPath(brand, channel), { method: 'POST', token, json: body });
}

async function tableCount(table: typeof invoices | typeof customers | typeof invoiceOffers) {
  const [row] = await api.db.select({ total: count() }).from(table);
  return row.total;
}

describe('POST /api/brand/{brand}/channel/{channel}/invoice', () => {
  it('stores the invoice with its lines, totals and buyer, and offers it to the priority vendor', async () => {
    const { laptop, phone } = catalogue.A;
    const payload = invoicePayload(
      [
        { product: laptop, quantity: 2 },
        { product: phone, quantity: 1 },
      ],
      { shipping_cost: 20_000, insurance_cost: 5_000, voucher_amount: 10_000, cashback_amount: 2_000 },
    );

    const response = await post(payload);

    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Data berhasil dibuat');
    const invoice = response.body.data;
    const subtotal = 2 * laptop.price + phone.price;
    expect(invoice).toMatchObject({
      external_number: payload.external_number,
      brand_id: api.world.brands.A,
      channel_id: 1,
      channel: { id: 1, name: 'Tokopedia' },
      status: 'Pesanan Baru',
      status_code: 'new',
      subtotal,
      total_product: 3,
      grand_total: subtotal + 20_000 + 5_000 - 10_000,
      customer_name: 'Siti Rahayu',
      recipient_city: 'Jakarta Selatan',
      orders: [],
    });
    expect(invoice.date).toBe('2026-01-01T02:30:00.000Z');
    expect(invoice.invoice_products).toEqual([
      expect.objectContaining({
        sku: laptop.sku,
        product_id: laptop.id,
        quantity: 2,
        total_price: 2 * laptop.price,
        weight: 2 * laptop.weight,
      }),
      expect.objectContaining({ sku: phone.sku, product_id: phone.id, quantity: 1 }),
    ]);
    expect(invoice.invoice_offer_logs).toEqual([
      expect.objectContaining({
        status: 'pending',
        vendor: { id: api.world.vendors.V3, name: 'Vendor Tiga' },
      }),
    ]);

    const [customer] = await api.db.select().from(customers).where(eq(customers.id, invoice.customer_id));
    expect(customer).toMatchObject({
      normalizedPhone: '6281234567890',
      email: 'siti.rahayu@example.test',
      gender: 'female',
    });
    const [offer] = await api.db.select().from(invoiceOffers).where(eq(invoiceOffers.invoiceId, invoice.id));
    expect(offer.expiresAt.getTime() - offer.createdAt.getTime()).toBe(30 * 60_000);
    const lines = await api.db
      .select()
      .from(invoiceOfferProducts)
      .where(eq(invoiceOfferProducts.offerId, offer.id))
      .orderBy(asc(invoiceOfferProducts.id));
    expect(lines.map((line) => [line.quantity, line.price])).toEqual([
      [2, laptop.price],
      [1, phone.price],
    ]);
  });

  it('answers a second post of the same invoice with 200 and the same invoice, creating nothing', async () => {
    const payload = invoicePayload([{ product: catalogue.A.charger, quantity: 1 }]);
    const first = await post(payload);
    const before = await Promise.all([
      tableCount(invoices),
      tableCount(customers),
      tableCount(invoiceOffers),
    ]);
    const [{ outbox: outboxBefore }] = await api.db.select({ outbox: count() }).from(eventOutbox);

    const second = await post({ ...payload, customer_name: 'Nama Lain' });

    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data.customer_name).toBe('Siti Rahayu');
    expect(
      await Promise.all([tableCount(invoices), tableCount(customers), tableCount(invoiceOffers)]),
    ).toEqual(before);
    const [{ outbox: outboxAfter }] = await api.db.select({ outbox: count() }).from(eventOutbox);
    expect(outboxAfter).toBe(outboxBefore);
  });

  it('keeps one buyer per normalised phone and brand, whatever the phone looks like', async () => {
    const first = await post(
      invoicePayload([{ product: catalogue.A.charger, quantity: 1 }], {
        customer_phone: '+62 811-2222-3333',
        customer_email: null,
      }),
    );
    const second = await post(
      invoicePayload([{ product: catalogue.A.charger, quantity: 1 }], {
        customer_phone: '0811 2222 3333',
        customer_name: 'Budi Santoso',
        customer_email: null,
      }),
    );
    const other = await post(
      invoicePayload([{ product: catalogue.B.shirt, quantity: 1 }], { customer_phone: '081122223333' }),
      admin,
      api.world.brands.B,
    );

    expect(second.body.data.customer_id).toBe(first.body.data.customer_id);
    expect(other.body.data.customer_id).not.toBe(first.body.data.customer_id);
    const [buyer] = await api.db
      .select()
      .from(customers)
      .where(eq(customers.id, first.body.data.customer_id));
    expect(buyer).toMatchObject({ name: 'Budi Santoso', normalizedPhone: '6281122223333' });
  });

  it('records the audit, queues the invoice event and nudges the relay', async () => {
    const nudges = api.events.nudges;
    const response = await post(invoicePayload([{ product: catalogue.A.phone, quantity: 1 }]));
    const invoiceId = response.body.data.id;

    const [audit] = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'invoice.store'), eq(auditLogs.entityId, String(invoiceId))));
    expect(audit.actorId).toBe(api.world.users.admin.id);
    const events = await api.db
      .select()
      .from(eventOutbox)
      .where(eq(eventOutbox.channel, `private-brand.${api.world.brands.A}.invoice-status`));
    expect(events.map((row) => row.payload)).toContainEqual({
      invoice: { id: invoiceId, brand_id: api.world.brands.A, status_code: 'new', status: 'Pesanan Baru' },
    });
    expect(api.events.nudges).toBe(nudges + 1);
  });

  it('offers the invoice to the next vendor when the first rejects, notifying its users', async () => {
    const response = await post(invoicePayload([{ product: catalogue.A.phone, quantity: 1 }]));
    const [first] = await api.db
      .select()
      .from(invoiceOffers)
      .where(eq(invoiceOffers.invoiceId, response.body.data.id));

    const rejected = await api.request(
      `/api/vendor/${api.world.vendors.V3}/invoice-offer-log/${first.id}/status/reject`,
      { method: 'PUT', token: admin },
    );

    expect(rejected.status).toBe(200);
    const [next] = await api.db
      .select()
      .from(invoiceOffers)
      .where(and(eq(invoiceOffers.invoiceId, response.body.data.id), eq(invoiceOffers.status, 'pending')));
    expect(next.vendorId).toBe(api.world.vendors.V1);
    const sent = await api.db.select().from(notifications).where(eq(notifications.type, 'invoice-offer'));
    const told = sent.filter((row) => row.data.notification.invoice_offer_log_id === next.id);
    expect(told.map((row) => row.userId).sort()).toEqual(
      [api.world.users.vendor1.id, api.world.users.vendor1Special.id].sort(),
    );
    expect(told[0].data.web).toEqual({
      type: 'invoice-offer',
      route: '/dashboard/penjualan',
      brand: { id: api.world.brands.A },
    });
  });
});

describe('ingestion refuses what it cannot take', () => {
  it('answers 422 for an unknown SKU, a repeated SKU and a missing field, with Laravel keys', async () => {
    const payload = invoicePayload([
      { product: catalogue.A.laptop, quantity: 1 },
      { product: catalogue.A.laptop, quantity: 1 },
      { product: catalogue.B.shirt, quantity: 1 },
    ]);
    const response = await post(payload);

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      'products.1.sku': ['The products.1.sku field has a duplicate value.'],
      'products.2.sku': ['The selected products.2.sku is invalid.'],
    });

    const { recipient_city: _city, ...missing } = invoicePayload([
      { product: catalogue.A.laptop, quantity: 1 },
    ]);
    const incomplete = await post({
      ...missing,
      products: [{ sku: 'A-LAP-14', name: 'x', quantity: 0, price: -1 }],
    });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.errors).toMatchObject({
      recipient_city: ['The recipient city field is required.'],
      'products.0.quantity': ['The quantity field must be at least 1.'],
      'products.0.price': ['The price field must be at least 0.'],
    });
  });

  it('refuses an invoice whose total no amount column can hold exactly, before writing anything', async () => {
    const invoicesBefore = await tableCount(invoices);
    const response = await post(
      invoicePayload([{ product: catalogue.A.laptop, quantity: 100_000, price: 1_000_000_000_000 }]),
    );

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      products: ['The invoice total must not be greater than 1000000000000000.'],
    });
    expect(await tableCount(invoices)).toBe(invoicesBefore);
  });

  it('refuses fields the marketplace may not set, and a body that is not an object', async () => {
    const payload = {
      ...invoicePayload([{ product: catalogue.A.laptop, quantity: 1 }]),
      status_code: 'completed',
    };
    const response = await post(payload);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ status_code: ['The status code field is prohibited.'] });

    const broken = await api.request(ingestPath(api.world.brands.A, 1), {
      method: 'POST',
      token: admin,
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });

  it('answers 403 to a brand user without invoice.store, and 404 for a channel the brand does not sell on', async () => {
    const payload = invoicePayload([{ product: catalogue.A.laptop, quantity: 1 }]);
    expect((await post(payload, brandA)).status).toBe(403);
    const shopeeOfB = await post(
      invoicePayload([{ product: catalogue.B.shirt, quantity: 1 }]),
      admin,
      api.world.brands.B,
      api.world.channels.shopee,
    );
    expect(shopeeOfB.status).toBe(404);
    expect((await post(payload, admin, api.world.brands.A, 99)).status).toBe(404);
  });
});

describe('the invoice lines of an ingested invoice', () => {
  it('match the posted products', async () => {
    const response = await post(
      invoicePayload([{ product: catalogue.A.charger, quantity: 4, price: 300_000 }]),
    );
    const rows = await api.db
      .select()
      .from(invoiceProducts)
      .where(eq(invoiceProducts.invoiceId, response.body.data.id));
    expect(rows).toEqual([
      expect.objectContaining({
        productId: catalogue.A.charger.id,
        quantity: 4,
        price: 300_000,
        totalPrice: 1_200_000,
      }),
    ]);
  });
});
