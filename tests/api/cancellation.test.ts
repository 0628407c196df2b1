import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  eventOutbox,
  invoiceOffers,
  invoices,
  notifications,
  orderActivities,
  orders,
  stockMovements,
  vendorStocks,
} from '../../api/db/schema';
import { offerToVendor1, startTestApi, type TestApi } from '../support/api';
import { createCatalogue, placeOrder, type Catalogue } from '../support/world';

/** POST /api/brand/{brand}/channel/{channel}/invoice/cancel: the marketplace cancels an invoice it sent. */

let api: TestApi;
let catalogue: Catalogue;
let admin: string;
let brandA: string;
let vendor1: string;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  [admin, brandA, vendor1] = await Promise.all([
    api.login(api.world.users.admin.email),
    api.login(api.world.users.brandA.email),
    api.login(api.world.users.vendor1.email),
  ]);
});

afterAll(async () => {
  await api?.close();
});

function cancel(
  body: unknown,
  token = admin,
  brand = api.world.brands.A,
  channel = api.world.channels.tokopedia,
) {
  return api.request(`/api/brand/${brand}/channel/${channel}/invoice/cancel`, {
    method: 'POST',
    token,
    json: body,
  });
}

async function externalNumberOf(invoiceId: number) {
  const [invoice] = await api.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return invoice.externalNumber;
}

async function stockOf(vendorId: number, productId: number) {
  const [stock] = await api.db
    .select()
    .from(vendorStocks)
    .where(and(eq(vendorStocks.vendorId, vendorId), eq(vendorStocks.productId, productId)));
  return stock;
}

describe('a marketplace cancellation', () => {
  it('cancels the invoice and its order, releases the reservation and tells the vendor and the brand', async () => {
    const { laptop } = catalogue.A;
    const V1 = api.world.vendors.V1;
    const stockBefore = await stockOf(V1, laptop.id);
    const placed = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: laptop, quantity: 2 }],
      status: 'ready_to_deliver',
    });
    expect((await stockOf(V1, laptop.id)).reserved).toBe(stockBefore.reserved + 2);
    const nudges = api.events.nudges;

    const response = await cancel({
      external_number: await externalNumberOf(placed.invoiceId),
      reason: 'Pembeli membatalkan',
    });

    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Invoice dibatalkan');
    expect(response.body.data).toMatchObject({
      id: placed.invoiceId,
      status_code: 'canceled',
      status: 'Dibatalkan',
      canceled_at: api.clock.now.toISOString(),
    });
    const [order] = await api.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order.statusCode).toBe('canceled');
    expect(order.canceledAt).toEqual(api.clock.now);
    const stock = await stockOf(V1, laptop.id);
    expect(stock.reserved).toBe(stockBefore.reserved);
    expect(stock.quantity).toBe(stockBefore.quantity);
    const [release] = await api.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, placed.orderId), eq(stockMovements.kind, 'release')));
    expect(release).toMatchObject({ quantity: 2, note: `Pembatalan ${placed.number}` });
    const timeline = await api.db
      .select()
      .from(orderActivities)
      .where(eq(orderActivities.orderId, placed.orderId));
    expect(timeline.at(-1)).toMatchObject({
      statusCode: 'canceled',
      message: 'Pesanan dibatalkan di marketplace: Pembeli membatalkan',
    });
    const told = await api.db.select().from(notifications).where(eq(notifications.type, 'order-status'));
    const aboutIt = told.filter((row) => row.data.notification.order_id === placed.orderId);
    const vendorSide = aboutIt.filter((row) => row.data.notification.title === 'Pesanan Dibatalkan');
    expect(vendorSide.map((row) => row.userId).sort()).toEqual(
      [api.world.users.vendor1.id, api.world.users.vendor1Special.id].sort(),
    );
    expect(aboutIt.map((row) => row.userId)).toContain(api.world.users.brandA.id);
    const audit = await api.db.select().from(auditLogs).where(eq(auditLogs.action, 'invoice.cancel'));
    expect(audit.map((row) => row.entityId)).toContain(String(placed.invoiceId));
    const events = await api.db.select().from(eventOutbox);
    expect(events).toContainEqual(
      expect.objectContaining({
        channel: `private-vendor.${V1}.order-status`,
        payload: expect.objectContaining({
          order: expect.objectContaining({ id: placed.orderId, status_code: 'canceled' }),
        }),
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        channel: `private-brand.${api.world.brands.A}.invoice-status`,
        payload: { invoice: expect.objectContaining({ id: placed.invoiceId, status_code: 'canceled' }) },
      }),
    );
    expect(api.events.nudges).toBe(nudges + 1);
  });

  it('withdraws the pending offer of an invoice no vendor has accepted yet, so it can no longer be accepted', async () => {
    // The priority vendor passes, so the offer waits with Vendor Satu, whose users can be told.
    const { invoiceId, externalNumber, offer } = await offerToVendor1(api, admin, [
      { product: catalogue.A.phone, quantity: 1 },
    ]);

    const response = await cancel({ external_number: externalNumber });

    expect(response.status).toBe(200);
    expect(response.body.data.status_code).toBe('canceled');
    const [withdrawn] = await api.db.select().from(invoiceOffers).where(eq(invoiceOffers.id, offer.id));
    expect(withdrawn.status).toBe('canceled');
    const [audit] = await api.db.select().from(auditLogs).where(eq(auditLogs.action, 'invoice-offer.cancel'));
    expect(audit.entityId).toBe(String(offer.id));
    const told = await api.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'invoice-offer-canceled'));
    expect(told.map((row) => row.userId).sort()).toEqual(
      [api.world.users.vendor1.id, api.world.users.vendor1Special.id].sort(),
    );
    expect(told.every((row) => row.data.notification.invoice_offer_log_id === offer.id)).toBe(true);
    expect(told[0].data.web.route).toBe(`/offer/${offer.id}`);
    const accept = await api.request(
      `/api/vendor/${offer.vendorId}/invoice-offer-log/${offer.id}/status/accept`,
      { method: 'PUT', token: admin },
    );
    expect(accept.status).toBe(409);
    const live = await api.db.select().from(orders).where(eq(orders.invoiceId, invoiceId));
    expect(live).toEqual([]);
  });

  it('answers a second cancellation with 200 and changes nothing more', async () => {
    const placed = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.charger, quantity: 1 }],
    });
    const externalNumber = await externalNumberOf(placed.invoiceId);
    expect((await cancel({ external_number: externalNumber })).status).toBe(200);
    const activities = await api.db
      .select()
      .from(orderActivities)
      .where(eq(orderActivities.orderId, placed.orderId));
    const movements = await api.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.orderId, placed.orderId));

    const again = await cancel({ external_number: externalNumber });

    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Invoice sudah dibatalkan');
    expect(again.body.data.status_code).toBe('canceled');
    expect(
      await api.db.select().from(orderActivities).where(eq(orderActivities.orderId, placed.orderId)),
    ).toHaveLength(activities.length);
    expect(
      await api.db.select().from(stockMovements).where(eq(stockMovements.orderId, placed.orderId)),
    ).toHaveLength(movements.length);
  });
});

describe('a marketplace cancellation refuses', () => {
  it('an order the vendor has shipped, with 409, leaving invoice, order and stock as they were', async () => {
    const { laptop } = catalogue.A;
    const placed = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: laptop, quantity: 1 }],
      status: 'on_delivery',
    });
    const stockBefore = await stockOf(api.world.vendors.V1, laptop.id);

    const response = await cancel({ external_number: await externalNumberOf(placed.invoiceId) });

    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      `Pesanan ${placed.number} sudah Dalam Pengiriman; pembatalan dari marketplace tidak dapat diproses.`,
    );
    const [invoice] = await api.db.select().from(invoices).where(eq(invoices.id, placed.invoiceId));
    const [order] = await api.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect([invoice.statusCode, order.statusCode]).toEqual(['on_delivery', 'on_delivery']);
    expect(await stockOf(api.world.vendors.V1, laptop.id)).toEqual(stockBefore);
  });

  it('an invoice it does not know, or of another brand or channel, with 404', async () => {
    const ofB = await placeOrder(api.deps, api.world, {
      brand: 'B',
      vendor: 'V2',
      lines: [{ product: catalogue.B.shirt, quantity: 1 }],
    });
    const numberOfB = await externalNumberOf(ofB.invoiceId);

    expect((await cancel({ external_number: 'TIDAK-ADA-1' })).status).toBe(404);
    expect((await cancel({ external_number: numberOfB })).status).toBe(404);
    expect(
      (await cancel({ external_number: numberOfB }, admin, api.world.brands.B, api.world.channels.shopee))
        .status,
    ).toBe(404);
    const [invoice] = await api.db.select().from(invoices).where(eq(invoices.id, ofB.invoiceId));
    expect(invoice.statusCode).toBe('new');
  });

  it('callers without invoice.update: 403 for a brand user and a vendor, 401 without a token', async () => {
    const placed = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
    });
    const body = { external_number: await externalNumberOf(placed.invoiceId) };

    expect((await cancel(body, brandA)).status).toBe(403);
    expect((await cancel(body, vendor1)).status).toBe(403);
    const anonymous = await api.request(
      `/api/brand/${api.world.brands.A}/channel/${api.world.channels.tokopedia}/invoice/cancel`,
      { method: 'POST', json: body },
    );
    expect(anonymous.status).toBe(401);
    const [order] = await api.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order.statusCode).toBe('new');
  });

  it('a body without the external number, with other fields or too long a reason, with 422 and Laravel keys', async () => {
    const missing = await cancel({});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('external_number');
    const extra = await cancel({ external_number: 'X', status: 'canceled' });
    expect(extra.status).toBe(422);
    const long = await cancel({ external_number: 'X', reason: 'x'.repeat(256) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toHaveProperty('reason');
  });
});
