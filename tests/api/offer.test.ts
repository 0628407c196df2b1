import { and, asc, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  eventOutbox,
  invoiceOffers,
  invoices,
  notifications,
  orderActivities,
  orderProducts,
  orders,
  stockMovements,
  vendorStocks,
} from '../../api/db/schema';
import { sweepExpiredOffers } from '../../api/jobs/offer-expiry';
import { startTestApi, type TestApi } from '../support/api';
import {
  CATALOGUE_STOCK,
  createCatalogue,
  invoicePayload,
  type Catalogue,
  type CatalogueProduct,
} from '../support/world';

let api: TestApi;
let catalogue: Catalogue;
let admin: string;
let vendor1: string;
let vendor2: string;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  [admin, vendor1, vendor2] = await Promise.all([
    api.login(api.world.users.admin.email),
    api.login(api.world.users.vendor1.email),
    api.login(api.world.users.vendor2.email),
  ]);
});

afterAll(async () => {
  await api?.close();
});

const MINUTE = 60_000;

/** Ingests an invoice of brand A and returns it with its first (pending) offer. */
async function ingest(lines: { product: CatalogueProduct; quantity: number }[], overrides = {}) {
  const response = await api.request(`/api/brand/${api.world.brands.A}/channel/1/invoice`, {
    method: 'POST',
    token: admin,
    json: invoicePayload(lines, overrides),
  });
  expect(response.status).toBe(201);
  return { invoiceId: response.body.data.id as number, offer: await pendingOffer(response.body.data.id) };
}

async function pendingOffer(invoiceId: number) {
  const [offer] = await api.db
    .select()
    .from(invoiceOffers)
    .where(and(eq(invoiceOffers.invoiceId, invoiceId), eq(invoiceOffers.status, 'pending')));
  return offer;
}

function offerPath(vendorId: number, offerId: number, tail = '') {
  return `/api/vendor/${vendorId}/invoice-offer-log/${offerId}${tail}`;
}

async function answer(vendorId: number, offerId: number, decision: string, token: string) {
  return api.request(offerPath(vendorId, offerId, `/status/${decision}`), { method: 'PUT', token });
}

/** Ingests an invoice and passes it from Vendor Tiga (priority) to Vendor Satu; returns Vendor Satu's offer. */
async function offeredToVendor1(lines: { product: CatalogueProduct; quantity: number }[]) {
  const { invoiceId, offer } = await ingest(lines);
  expect((await answer(api.world.vendors.V3, offer.id, 'reject', admin)).status).toBe(200);
  const next = await pendingOffer(invoiceId);
  expect(next.vendorId).toBe(api.world.vendors.V1);
  return { invoiceId, offer: next };
}

async function stockOf(vendorId: number, productId: number) {
  const [row] = await api.db
    .select()
    .from(vendorStocks)
    .where(and(eq(vendorStocks.vendorId, vendorId), eq(vendorStocks.productId, productId)));
  return row;
}

describe('GET /api/vendor/{vendor}/invoice-offer-log', () => {
  it('lists the open offers of the vendor, newest first, with the invoice and its total', async () => {
    const { offer } = await offeredToVendor1([{ product: catalogue.A.phone, quantity: 2 }]);

    const response = await api.request(`/api/vendor/${api.world.vendors.V1}/invoice-offer-log`, {
      token: vendor1,
    });

    expect(response.status).toBe(200);
    expect(response.body.data[0]).toMatchObject({
      id: offer.id,
      status: 'pending',
      is_expired: false,
      vendor_id: api.world.vendors.V1,
      grand_total: 2 * catalogue.A.phone.price,
      invoice: { recipient_name: 'Siti Rahayu', recipient_city: 'Jakarta Selatan' },
    });
    expect(
      response.body.data.every((row: { vendor_id: number }) => row.vendor_id === api.world.vendors.V1),
    ).toBe(true);
    expect(Object.keys(response.body.meta).sort()).toEqual([
      'current_page',
      'from',
      'last_page',
      'per_page',
      'to',
      'total',
    ]);
  });

  it('shows one offer as the Pesanan Masuk dialog needs it', async () => {
    const { offer } = await offeredToVendor1([
      { product: catalogue.A.laptop, quantity: 1 },
      { product: catalogue.A.charger, quantity: 3 },
    ]);

    const response = await api.request(offerPath(api.world.vendors.V1, offer.id), { token: vendor1 });

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: offer.id,
      status: 'pending',
      invoice: {
        recipient_name: 'Siti Rahayu',
        recipient_mobile_phone: '081234567890',
        recipient_address_full: expect.stringContaining('Jakarta Selatan'),
      },
      invoice_offer_products: [
        {
          quantity: 1,
          price: catalogue.A.laptop.price,
          invoice_product: { product: { name: catalogue.A.laptop.name, sku: catalogue.A.laptop.sku } },
        },
        {
          quantity: 3,
          price: catalogue.A.charger.price,
          invoice_product: { product: { name: catalogue.A.charger.name, sku: catalogue.A.charger.sku } },
        },
      ],
      grand_total: catalogue.A.laptop.price + 3 * catalogue.A.charger.price,
    });
    expect(response.body.data.invoice.external_number).toMatch(/^INV\//);
  });

  it('marks the notification that led to the offer read when `notif` names it', async () => {
    const { offer } = await offeredToVendor1([{ product: catalogue.A.phone, quantity: 1 }]);
    const [notification] = await api.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, api.world.users.vendor1.id))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    expect(notification.data.notification.invoice_offer_log_id).toBe(offer.id);

    await api.request(offerPath(api.world.vendors.V1, offer.id), {
      token: vendor1,
      query: { notif: notification.id },
    });

    const [after] = await api.db.select().from(notifications).where(eq(notifications.id, notification.id));
    expect(after.readAt).not.toBeNull();
  });
});

describe('accepting an offer', () => {
  it('creates the order with its lines, reserves the stock, and answers with the order id', async () => {
    const { laptop, charger } = catalogue.A;
    const { invoiceId, offer } = await offeredToVendor1([
      { product: laptop, quantity: 2 },
      { product: charger, quantity: 1 },
    ]);
    const laptopBefore = await stockOf(api.world.vendors.V1, laptop.id);

    const response = await answer(api.world.vendors.V1, offer.id, 'accept', vendor1);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Data berhasil diubah', data: { id: expect.any(Number) } });
    const [order] = await api.db.select().from(orders).where(eq(orders.id, response.body.data.id));
    expect(order).toMatchObject({
      invoiceId,
      vendorId: api.world.vendors.V1,
      brandId: api.world.brands.A,
      statusCode: 'new',
      grandTotal: 2 * laptop.price + charger.price,
      totalWeight: 2 * laptop.weight + charger.weight,
      deliveryType: 'JNE Reguler',
    });
    expect(order.number).toMatch(/^SO\/\d{4}\/\d{2}\/\d{6}$/);
    const lines = await api.db
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.orderId, order.id))
      .orderBy(asc(orderProducts.id));
    expect(lines.map((line) => [line.productId, line.quantity, line.totalPrice])).toEqual([
      [laptop.id, 2, 2 * laptop.price],
      [charger.id, 1, charger.price],
    ]);
    const laptopAfter = await stockOf(api.world.vendors.V1, laptop.id);
    expect(laptopAfter.reserved - laptopBefore.reserved).toBe(2);
    expect(laptopAfter.quantity).toBe(laptopBefore.quantity);
    const [movement] = await api.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order.id), eq(stockMovements.productId, laptop.id)));
    expect(movement).toMatchObject({
      kind: 'reserve',
      quantity: -2,
      balanceAfter: laptopAfter.quantity - laptopAfter.reserved,
    });
    const activities = await api.db
      .select()
      .from(orderActivities)
      .where(eq(orderActivities.orderId, order.id));
    expect(activities.map((row) => row.message)).toEqual(['Pesanan dibuat']);
    const [accepted] = await api.db.select().from(invoiceOffers).where(eq(invoiceOffers.id, offer.id));
    expect(accepted).toMatchObject({ status: 'accepted', respondedBy: api.world.users.vendor1.id });
  });

  it('tells the brand, audits, and queues the order events on the brand and vendor channels', async () => {
    const { offer } = await offeredToVendor1([{ product: catalogue.A.phone, quantity: 1 }]);

    const response = await answer(api.world.vendors.V1, offer.id, 'accept', vendor1);
    const orderId = response.body.data.id;

    const told = await api.db.select().from(notifications).where(eq(notifications.type, 'order-status'));
    const recipients = told
      .filter((row) => row.data.notification.order_id === orderId)
      .map((row) => row.userId);
    // Brand A's user and its key account; the administrator works in brand A too.
    expect(recipients.sort()).toEqual(
      [api.world.users.brandA.id, api.world.users.keyAccount.id, api.world.users.admin.id].sort(),
    );
    const audits = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(offer.id)));
    expect(audits.map((row) => row.action)).toContain('invoice-offer.accept');
    const events = await api.db.select().from(eventOutbox).orderBy(asc(eventOutbox.id));
    const mine = events.filter((row) => (row.payload as { order?: { id: number } }).order?.id === orderId);
    expect(mine.map((row) => [row.channel, row.event])).toEqual([
      [`private-brand.${api.world.brands.A}.order-status`, 'OrderStatusChanged'],
      [`private-vendor.${api.world.vendors.V1}.order-status`, 'OrderStatusChanged'],
    ]);
  });

  it('answers 409 to a second accept and creates nothing more', async () => {
    const { invoiceId, offer } = await offeredToVendor1([{ product: catalogue.A.phone, quantity: 1 }]);
    expect((await answer(api.world.vendors.V1, offer.id, 'accept', vendor1)).status).toBe(200);

    const again = await answer(api.world.vendors.V1, offer.id, 'accept', vendor1);
    const reject = await answer(api.world.vendors.V1, offer.id, 'reject', vendor1);

    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Penawaran ini sudah tidak berlaku.' });
    expect(reject.status).toBe(409);
    const [{ total }] = await api.db
      .select({ total: count() })
      .from(orders)
      .where(eq(orders.invoiceId, invoiceId));
    expect(total).toBe(1);
  });

  it('answers 409 to an accept after the offer expired, even before the sweep ran', async () => {
    const { offer } = await offeredToVendor1([{ product: catalogue.A.phone, quantity: 1 }]);
    api.clock.advance(31 * MINUTE);
    try {
      expect((await answer(api.world.vendors.V1, offer.id, 'accept', vendor1)).status).toBe(409);
    } finally {
      api.clock.advance(-31 * MINUTE);
    }
  });

  it('answers 404 to another vendor and 403 to a brand user, and 422 for an unknown decision', async () => {
    const { offer } = await offeredToVendor1([{ product: catalogue.A.phone, quantity: 1 }]);

    expect((await answer(api.world.vendors.V1, offer.id, 'accept', vendor2)).status).toBe(404);
    expect((await answer(api.world.vendors.V2, offer.id, 'accept', vendor2)).status).toBe(404);
    const brandA = await api.login(api.world.users.brandA.email);
    expect((await answer(api.world.vendors.V1, offer.id, 'accept', brandA)).status).toBe(403);
    const unknown = await answer(api.world.vendors.V1, offer.id, 'maybe', vendor1);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ status: ['The selected status is invalid.'] });
    expect((await pendingOffer(offer.invoiceId)).id).toBe(offer.id);
  });
});

describe('rejection and expiry route the invoice on', () => {
  it('offers the next vendor after an expiry, and leaves the invoice without an order when none is left', async () => {
    const { invoiceId, offer } = await ingest([{ product: catalogue.A.laptop, quantity: 1 }]);
    expect(offer.vendorId).toBe(api.world.vendors.V3);
    const clock = () => new Date(offer.expiresAt.getTime() + 1000);

    expect(await sweepExpiredOffers(api.deps, clock)).toBeGreaterThanOrEqual(1);
    const second = await pendingOffer(invoiceId);
    expect(second.vendorId).toBe(api.world.vendors.V1);
    expect(second.createdAt.getTime()).toBe(clock().getTime());

    const later = () => new Date(second.expiresAt.getTime() + 1000);
    await sweepExpiredOffers(api.deps, later);

    const all = await api.db
      .select()
      .from(invoiceOffers)
      .where(eq(invoiceOffers.invoiceId, invoiceId))
      .orderBy(asc(invoiceOffers.id));
    expect(all.map((row) => [row.vendorId, row.status])).toEqual([
      [api.world.vendors.V3, 'expired'],
      [api.world.vendors.V1, 'expired'],
    ]);
    const [invoice] = await api.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice.statusCode).toBe('new');
    const [{ total }] = await api.db
      .select({ total: count() })
      .from(orders)
      .where(eq(orders.invoiceId, invoiceId));
    expect(total).toBe(0);
    const audits = await api.db.select().from(auditLogs).where(eq(auditLogs.action, 'invoice-offer.expire'));
    expect(audits.map((row) => row.entityId)).toEqual(
      expect.arrayContaining([String(offer.id), String(second.id)]),
    );
  });

  it('leaves offers that are not due alone', async () => {
    const { invoiceId, offer } = await ingest([{ product: catalogue.A.charger, quantity: 1 }]);
    await sweepExpiredOffers(api.deps, () => new Date(offer.expiresAt.getTime() - 1000));
    expect((await pendingOffer(invoiceId)).id).toBe(offer.id);
  });

  it('prefers the vendor whose area covers the recipient city, then the one with stock', async () => {
    // Brand B: Vendor Tiga (priority) first, then Vendor Dua, which covers Bandung.
    const response = await api.request(`/api/brand/${api.world.brands.B}/channel/1/invoice`, {
      method: 'POST',
      token: admin,
      json: invoicePayload([{ product: catalogue.B.shirt, quantity: CATALOGUE_STOCK + 1 }], {
        recipient_city: 'Bandung',
      }),
    });
    const first = await pendingOffer(response.body.data.id);
    expect(first.vendorId).toBe(api.world.vendors.V3);
    await answer(api.world.vendors.V3, first.id, 'reject', admin);
    expect((await pendingOffer(response.body.data.id)).vendorId).toBe(api.world.vendors.V2);
  });
});
