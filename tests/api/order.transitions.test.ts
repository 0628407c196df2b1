import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  eventOutbox,
  invoices,
  notifications,
  orderActivities,
  orders,
  vendorStocks,
  type OrderStatusCode,
} from '../../api/db/schema';
import { sweepDeliveredOrders } from '../../api/jobs/auto-complete';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, createMediaOf, placeOrder, type Catalogue } from '../support/world';

let api: TestApi;
let catalogue: Catalogue;
let vendor1: string;
let vendor2: string;
let brandA: string;
let photo: number;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  [vendor1, vendor2, brandA] = await Promise.all([
    api.login(api.world.users.vendor1.email),
    api.login(api.world.users.vendor2.email),
    api.login(api.world.users.brandA.email),
  ]);
  photo = await createMediaOf(api.db, api.world.users.vendor1.id);
});

afterAll(async () => {
  await api?.close();
});

type Status = 'new' | 'ready_to_deliver' | 'on_delivery' | 'delivered';

function place(status: Status = 'new') {
  return placeOrder(api.deps, api.world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: catalogue.A.phone, quantity: 2 }],
    status,
  });
}

function step(orderId: number, next: string, json: Record<string, unknown> = {}, token = vendor1) {
  return api.request(`/api/vendor/${api.world.vendors.V1}/order/${orderId}/status/${next}`, {
    method: 'PUT',
    token,
    json,
  });
}

/** The order as an administrator reads it: the only view with the shipping details. */
async function adminView(orderId: number) {
  const admin = await api.login(api.world.users.admin.email);
  const response = await api.request(`/api/brand/${api.world.brands.A}/order/${orderId}`, { token: admin });
  expect(response.status).toBe(200);
  return response.body.data;
}

async function orderRow(id: number) {
  const [row] = await api.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function invoiceStatus(id: number) {
  const [row] = await api.db
    .select({ status: invoices.statusCode })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row.status;
}

const FULL_BODY = { shipping_number: 'JNE123', receiver_name: 'Pak Satpam', photo_ids: [] as number[] };

describe('the vendor fulfilment steps', () => {
  it('moves new → ready to deliver → on delivery → delivered, with the invoice following each step', async () => {
    const { orderId, invoiceId } = await place();
    const outboxStart =
      (await api.db.select().from(eventOutbox).orderBy(desc(eventOutbox.id)).limit(1))[0]?.id ?? 0;

    const ready = await step(orderId, 'ready-to-delivery');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      message: 'Data berhasil diubah',
      data: { id: orderId, status: 'Siap Dikirim', status_code: 'ready_to_deliver' },
    });
    expect(await invoiceStatus(invoiceId)).toBe('ready_to_deliver');

    const shipped = await step(orderId, 'on-delivery', { shipping_number: 'JNE000123', photo_ids: [photo] });
    expect(shipped.status).toBe(200);
    // The shipping number, receiver and photos are the administrators' to read; the vendor's
    // answer leaves them out, the order keeps them.
    expect(shipped.body.data).toMatchObject({ status_code: 'on_delivery', shipping_number: null });
    expect(shipped.body.data.delivery_photos).toEqual([]);
    expect(await adminView(orderId)).toMatchObject({ shipping_number: 'JNE000123' });
    expect((await adminView(orderId)).delivery_photos.map((row: { id: number }) => row.id)).toEqual([photo]);
    expect(await invoiceStatus(invoiceId)).toBe('on_delivery');

    const delivered = await step(orderId, 'delivered', { receiver_name: 'Ibu Siti', photo_ids: [photo] });
    expect(delivered.status).toBe(200);
    expect(delivered.body.data).toMatchObject({ status: 'Sampai', status_code: 'delivered' });
    expect(await adminView(orderId)).toMatchObject({ receiver_name: 'Ibu Siti' });
    expect((await adminView(orderId)).delivered_photos).toHaveLength(1);
    expect(await invoiceStatus(invoiceId)).toBe('delivered');

    const activities = await api.db
      .select()
      .from(orderActivities)
      .where(eq(orderActivities.orderId, orderId))
      .orderBy(asc(orderActivities.id));
    expect(activities.map((row) => [row.statusCode, row.message, row.userId])).toEqual([
      ['new', 'Pesanan dibuat', api.world.users.vendor1.id],
      ['ready_to_deliver', 'Pesanan diproses vendor', api.world.users.vendor1.id],
      ['on_delivery', 'Pesanan dikirim dengan nomor resi JNE000123', api.world.users.vendor1.id],
      ['delivered', 'Pesanan diterima oleh Ibu Siti', api.world.users.vendor1.id],
    ]);
    const events = await api.db
      .select()
      .from(eventOutbox)
      .where(gt(eventOutbox.id, outboxStart))
      .orderBy(asc(eventOutbox.id));
    const statusEvents = events.filter((row) => !row.channel.startsWith('private-App'));
    expect(statusEvents.map((row) => [row.channel, row.event])).toEqual(
      [1, 2, 3].flatMap(() => [
        [`private-brand.${api.world.brands.A}.order-status`, 'OrderStatusChanged'],
        [`private-vendor.${api.world.vendors.V1}.order-status`, 'OrderStatusChanged'],
        [`private-brand.${api.world.brands.A}.invoice-status`, 'InvoiceStatusChanged'],
      ]),
    );
    expect(statusEvents.at(-1)?.payload).toEqual({
      invoice: {
        id: invoiceId,
        brand_id: api.world.brands.A,
        status_code: 'delivered',
        status: 'Pesanan Sampai',
      },
    });
    const audits = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'order.status'), eq(auditLogs.entityId, String(orderId))));
    expect(audits).toHaveLength(3);
    expect(audits[0].changes.statusCode).toEqual({ before: 'new', after: 'ready_to_deliver' });
  });

  it('notifies the brand users of each move with an order-status notification', async () => {
    const { orderId, number } = await place();
    await step(orderId, 'ready-to-delivery');

    const sent = await api.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, api.world.users.brandA.id))
      .orderBy(desc(notifications.createdAt));
    const mine = sent.filter((row) => row.data.notification.order_id === orderId);
    expect(mine[0].type).toBe('order-status');
    expect(mine[0].data).toMatchObject({
      web: { type: 'order-status', route: `/order/${orderId}`, brand: { id: api.world.brands.A } },
      notification: {
        title: 'Status Pesanan',
        description: `Pesanan ${number} kini Diproses Vendor (Vendor Satu)`,
      },
    });
  });

  it('ships the reserved units: on hand and reserved drop together, available stays', async () => {
    const { orderId } = await place('ready_to_deliver');
    const key = and(
      eq(vendorStocks.vendorId, api.world.vendors.V1),
      eq(vendorStocks.productId, catalogue.A.phone.id),
    );
    const [before] = await api.db.select().from(vendorStocks).where(key);

    await step(orderId, 'on-delivery', { shipping_number: 'SICEPAT77' });

    const [after] = await api.db.select().from(vendorStocks).where(key);
    expect([after.quantity, after.reserved]).toEqual([before.quantity - 2, before.reserved - 2]);
  });

  it('takes a form post with photo_ids[] as the web app sends it', async () => {
    const { orderId } = await place('on_delivery');
    const form = new URLSearchParams();
    form.append('receiver_name', 'Tetangga');
    form.append('photo_ids[]', String(photo));
    const response = await api.request(
      `/api/vendor/${api.world.vendors.V1}/order/${orderId}/status/delivered`,
      {
        method: 'PUT',
        token: vendor1,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        form: Object.fromEntries(form),
      },
    );
    expect(response.status).toBe(200);
    expect(await adminView(orderId)).toMatchObject({ receiver_name: 'Tetangga' });
    expect((await adminView(orderId)).delivered_photos.map((row: { id: number }) => row.id)).toEqual([photo]);
  });
});

describe('moves that are not allowed', () => {
  const steps = ['ready-to-delivery', 'on-delivery', 'delivered'] as const;
  const legal: Record<string, Status> = {
    'ready-to-delivery': 'new',
    'on-delivery': 'ready_to_deliver',
    delivered: 'on_delivery',
  };
  const starts: Status[] = ['new', 'ready_to_deliver', 'on_delivery', 'delivered'];

  it('answers 422 for every step from a status it does not start from, and changes nothing', async () => {
    for (const start of starts) {
      const { orderId } = await place(start);
      for (const next of steps.filter((name) => legal[name] !== start)) {
        const response = await step(orderId, next, { ...FULL_BODY, photo_ids: [photo] });
        expect(response.status, `${start} → ${next}`).toBe(422);
        expect(Object.keys(response.body.errors)).toEqual(['status']);
        expect((await orderRow(orderId)).statusCode).toBe(start);
      }
    }
  });

  it('answers 422 for any step of a completed, canceled or diverted order', async () => {
    const { orderId } = await place('delivered');
    await sweepDeliveredOrders(api.deps, () => new Date(api.clock.now.getTime() + 3 * 86_400_000 + 1000));
    const ended: OrderStatusCode[] = ['completed', 'canceled', 'diverted'];
    for (const status of ended) {
      await api.db.update(orders).set({ statusCode: status }).where(eq(orders.id, orderId));
      for (const next of steps) {
        const response = await step(orderId, next, { ...FULL_BODY, photo_ids: [photo] });
        expect(response.status, `${status} → ${next}`).toBe(422);
      }
    }
  });

  it('answers 422 for a step the vendor does not take', async () => {
    const { orderId } = await place();
    for (const next of ['completed', 'canceled', 'new', 'READY-TO-DELIVERY']) {
      const response = await step(orderId, next);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ status: ['The selected status is invalid.'] });
    }
  });

  it('requires the shipping number to ship, and the receiver and a photo to deliver', async () => {
    const { orderId } = await place('ready_to_deliver');
    const shipping = await step(orderId, 'on-delivery', {});
    expect(shipping.status).toBe(422);
    expect(shipping.body.errors).toEqual({ shipping_number: ['The shipping number field is required.'] });

    await step(orderId, 'on-delivery', { shipping_number: 'JNE1' });
    const delivered = await step(orderId, 'delivered', { receiver_name: '  ' });
    expect(delivered.body.errors).toEqual({
      photo_ids: ['The photo ids field is required.'],
      receiver_name: ['The receiver name field is required.'],
    });
    expect((await orderRow(orderId)).statusCode).toBe('on_delivery');
  });

  it('refuses another user upload as a photo, and fields the vendor may not set', async () => {
    const { orderId } = await place('on_delivery');
    const foreign = await createMediaOf(api.db, api.world.users.vendor2.id);
    const response = await step(orderId, 'delivered', { receiver_name: 'X', photo_ids: [photo, foreign] });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ 'photo_ids.1': ['The selected photo_ids.1 is invalid.'] });

    const sneaky = await step(orderId, 'delivered', {
      receiver_name: 'X',
      photo_ids: [photo],
      status_code: 'completed',
    });
    expect(sneaky.body.errors).toEqual({ status_code: ['The status code field is prohibited.'] });
  });

  it('answers 404 to another vendor and 403 to a brand user', async () => {
    const { orderId } = await place();
    const other = await api.request(
      `/api/vendor/${api.world.vendors.V2}/order/${orderId}/status/ready-to-delivery`,
      {
        method: 'PUT',
        token: vendor2,
      },
    );
    expect(other.status).toBe(404);
    expect((await step(orderId, 'ready-to-delivery', {}, vendor2)).status).toBe(404);
    expect((await step(orderId, 'ready-to-delivery', {}, brandA)).status).toBe(403);
    expect((await orderRow(orderId)).statusCode).toBe('new');
  });
});

describe('PUT /api/vendor/{vendor}/order/status/{next} moves several orders at once', () => {
  function bulk(next: string, json: Record<string, unknown>) {
    return api.request(`/api/vendor/${api.world.vendors.V1}/order/status/${next}`, {
      method: 'PUT',
      token: vendor1,
      json,
    });
  }

  it('moves nothing when one selected order cannot move, naming it under order_ids.N', async () => {
    const a = await place();
    const b = await place();
    const c = await place('ready_to_deliver');

    const response = await bulk('ready-to-delivery', {
      order_ids: [a.orderId, b.orderId, c.orderId, 999_999],
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['order_ids.2', 'order_ids.3']);
    expect((await orderRow(a.orderId)).statusCode).toBe('new');
    expect((await orderRow(b.orderId)).statusCode).toBe('new');
  });

  it('moves every selected order one step when all can', async () => {
    const a = await place('ready_to_deliver');
    const b = await place('ready_to_deliver');

    const response = await bulk('on-delivery', {
      order_ids: [a.orderId, b.orderId],
      shipping_number: 'MANIFEST-7',
    });

    expect(response.status).toBe(200);
    expect(response.body.data.map((row: { status_code: string }) => row.status_code)).toEqual([
      'on_delivery',
      'on_delivery',
    ]);
    expect((await orderRow(b.orderId)).shippingNumber).toBe('MANIFEST-7');
    const empty = await bulk('ready-to-delivery', { order_ids: [] });
    expect(empty.body.errors).toEqual({ order_ids: ['The order ids field must have at least 1 items.'] });
  });

  it('ships two selections at once whose orders take the same products in opposite orders', async () => {
    const ready = (product: 'phone' | 'laptop') =>
      placeOrder(api.deps, api.world, {
        brand: 'A',
        vendor: 'V1',
        lines: [{ product: catalogue.A[product], quantity: 1 }],
        status: 'ready_to_deliver',
      });
    for (let round = 0; round < 3; round++) {
      // Shipped in id order, the first selection takes phone then laptop, the second laptop then phone.
      const first = [await ready('phone'), await ready('laptop')];
      const second = [await ready('laptop'), await ready('phone')];

      const responses = await Promise.all(
        [first, second].map((selection, index) =>
          bulk('on-delivery', {
            order_ids: selection.map((placed) => placed.orderId),
            shipping_number: `MANIFEST-${round}-${index}`,
          }),
        ),
      );

      expect(responses.map((response) => response.status)).toEqual([200, 200]);
      for (const placed of [...first, ...second]) {
        expect((await orderRow(placed.orderId)).statusCode).toBe('on_delivery');
      }
    }
  });
});

describe('the auto-complete sweep', () => {
  it('completes delivered orders three days after delivery, at that moment, and not a second earlier', async () => {
    const { orderId, invoiceId } = await place('delivered');
    const deliveredAt = (await orderRow(orderId)).deliveredAt as Date;
    const due = deliveredAt.getTime() + 3 * 86_400_000;

    await sweepDeliveredOrders(api.deps, () => new Date(due - 1000));
    expect((await orderRow(orderId)).statusCode).toBe('delivered');

    expect(await sweepDeliveredOrders(api.deps, () => new Date(due + 60_000))).toBeGreaterThanOrEqual(1);
    const completed = await orderRow(orderId);
    expect(completed).toMatchObject({ statusCode: 'completed', completedAt: new Date(due) });
    expect(await invoiceStatus(invoiceId)).toBe('completed');
    const [last] = await api.db
      .select()
      .from(orderActivities)
      .where(eq(orderActivities.orderId, orderId))
      .orderBy(desc(orderActivities.id))
      .limit(1);
    expect(last).toMatchObject({ message: 'Pesanan selesai', statusCode: 'completed', userId: null });
    const [audit] = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'order.complete'), eq(auditLogs.entityId, String(orderId))));
    expect(audit.actorId).toBeNull();
  });
});
