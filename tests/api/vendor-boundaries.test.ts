import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceOffers, orders, type OrderStatusCode } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, invoicePayload, placeOrder, type Catalogue } from '../support/world';

/**
 * Rules between vendors of one brand, and of a vendor serving two brands, that the wider tenancy tests cannot
 * see: Vendor Satu and Vendor Tiga both serve brand A; Vendor Tiga also serves brand B.
 */

let api: TestApi;
let catalogue: Catalogue;
let admin: string;
let vendor1: string;
let brandA: string;
let brandB: string;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  [admin, vendor1, brandA, brandB] = await Promise.all(
    (['admin', 'vendor1', 'brandA', 'brandB'] as const).map((user) => api.login(api.world.users[user].email)),
  );
});

afterAll(async () => {
  await api?.close();
});

function orderOfVendor3(status: 'new' | 'ready_to_deliver' = 'new') {
  return placeOrder(api.deps, api.world, {
    brand: 'A',
    vendor: 'V3',
    lines: [{ product: catalogue.A.phone, quantity: 1 }],
    status,
  });
}

async function statusOf(orderId: number) {
  const [row] = await api.db.select({ status: orders.statusCode }).from(orders).where(eq(orders.id, orderId));
  return row.status;
}

describe('a vendor and the orders of another vendor of the same brand', () => {
  it('cannot move one of them by itself: 404, and the order stays where it was', async () => {
    const { orderId } = await orderOfVendor3();
    for (const vendorPath of [api.world.vendors.V1, api.world.vendors.V3]) {
      const response = await api.request(
        `/api/vendor/${vendorPath}/order/${orderId}/status/ready-to-delivery`,
        { method: 'PUT', token: vendor1 },
      );
      expect(response.status, `through vendor ${vendorPath}`).toBe(404);
    }
    expect(await statusOf(orderId)).toBe('new');
  });

  it('cannot move one of them in a bulk step beside its own: nothing moves', async () => {
    const theirs = await orderOfVendor3();
    const mine = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
    });
    const response = await api.request(`/api/vendor/${api.world.vendors.V1}/order/status/ready-to-delivery`, {
      method: 'PUT',
      token: vendor1,
      json: { order_ids: [mine.orderId, theirs.orderId] },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['order_ids.1']);
    expect(await statusOf(theirs.orderId)).toBe('new');
    expect(await statusOf(mine.orderId)).toBe('new');
  });
});

describe('the pending offers of a vendor serving two brands', () => {
  it("show to each brand's users only that brand's offers", async () => {
    // The priority vendor, Vendor Tiga, is offered each new invoice first.
    const ingested = await api.request(
      `/api/brand/${api.world.brands.B}/channel/${api.world.channels.tokopedia}/invoice`,
      { token: admin, json: invoicePayload([{ product: catalogue.B.shirt, quantity: 1 }]) },
    );
    expect(ingested.status).toBe(201);
    const [offer] = await api.db
      .select()
      .from(invoiceOffers)
      .where(and(eq(invoiceOffers.invoiceId, ingested.body.data.id), eq(invoiceOffers.status, 'pending')));
    expect(offer.vendorId).toBe(api.world.vendors.V3);

    const path = `/api/vendor/${api.world.vendors.V3}/invoice-offer-log`;
    const forB = await api.request(path, { token: brandB, query: { per_page: 1000 } });
    expect(forB.status).toBe(200);
    expect(forB.body.data.map((row: { id: number }) => row.id)).toContain(offer.id);

    const forA = await api.request(path, { token: brandA, query: { per_page: 1000 } });
    expect(forA.status).toBe(200);
    expect(forA.body.data.map((row: { id: number }) => row.id)).not.toContain(offer.id);
    const shown = await api.request(`${path}/${offer.id}`, { token: brandA });
    expect(shown.status).toBe(404);
  });
});

describe('a bulk step', () => {
  it("refuses an order in any status other than the step's source, and moves none", async () => {
    const others: OrderStatusCode[] = [
      'ready_to_deliver',
      'on_delivery',
      'delivered',
      'completed',
      'canceled',
    ];
    for (const status of others) {
      const source = await placeOrder(api.deps, api.world, {
        brand: 'A',
        vendor: 'V1',
        lines: [{ product: catalogue.A.phone, quantity: 1 }],
      });
      const elsewhere = await placeOrder(api.deps, api.world, {
        brand: 'A',
        vendor: 'V1',
        lines: [{ product: catalogue.A.phone, quantity: 1 }],
      });
      await api.db.update(orders).set({ statusCode: status }).where(eq(orders.id, elsewhere.orderId));

      const response = await api.request(
        `/api/vendor/${api.world.vendors.V1}/order/status/ready-to-delivery`,
        {
          method: 'PUT',
          token: vendor1,
          json: { order_ids: [source.orderId, elsewhere.orderId] },
        },
      );

      expect(response.status, status).toBe(422);
      expect(Object.keys(response.body.errors), status).toEqual(['order_ids.1']);
      expect(await statusOf(source.orderId)).toBe('new');
      expect(await statusOf(elsewhere.orderId)).toBe(status);
    }
  });
});
