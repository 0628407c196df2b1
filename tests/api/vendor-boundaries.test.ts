import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceOffers, orders, type OrderStatusCode } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, invoicePayload, placeOrder, type Catalogue } from '../support/world';
import { jakartaDate } from '../../api/db/jakarta';

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
  it("show to the vendor's side and administrators, to no brand's users", async () => {
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
    const forAdmin = await api.request(path, { token: admin, query: { per_page: 1000 } });
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.body.data.map((row: { id: number }) => row.id)).toContain(offer.id);

    // Offers are the vendor's to answer (decision 022): neither brand's users read them, the offering brand's
    // included.
    for (const token of [brandA, brandB]) {
      expect((await api.request(path, { token, query: { per_page: 1000 } })).status).toBe(403);
      expect((await api.request(`${path}/${offer.id}`, { token })).status).toBe(403);
    }
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

describe("a vendor's channel filter", () => {
  it('lists the channels of the brands the vendor serves, and no other vendor’s', async () => {
    const names = async (token: string, vendorPath: number) => {
      const response = await api.request(`/api/vendor/${vendorPath}/channel`, { token });
      expect(response.status).toBe(200);
      return (response.body.data as { name: string }[]).map((channel) => channel.name);
    };
    // Brand A sells on Tokopedia and Shopee, brand B on Tokopedia only.
    expect(await names(vendor1, api.world.vendors.V1)).toEqual(['Tokopedia', 'Shopee']);
    expect(await names(admin, api.world.vendors.V2)).toEqual(['Tokopedia']);
    expect(await names(admin, api.world.vendors.V3)).toEqual(['Tokopedia', 'Shopee']);
    const foreign = await api.request(`/api/vendor/${api.world.vendors.V2}/channel`, { token: vendor1 });
    expect(foreign.status).toBe(404);
    const brandSide = await api.request(`/api/vendor/${api.world.vendors.V1}/channel`, { token: brandB });
    expect(brandSide.status).toBe(404);
  });

  it('narrows its orders and its sales table to the channel, never to another vendor’s orders', async () => {
    const line = [{ product: catalogue.A.phone, quantity: 1 }];
    const tokopedia = await placeOrder(api.deps, api.world, { brand: 'A', vendor: 'V1', lines: line });
    const shopee = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: line,
      channel: 'shopee',
    });
    const theirs = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V3',
      lines: line,
      channel: 'shopee',
    });
    const shopeeId = api.world.channels.shopee;
    // The widgets' days are Jakarta's: from 17:00 UTC it is already tomorrow there.
    const day = jakartaDate(api.deps.clock());
    const ids = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

    const list = await api.request(`/api/vendor/${api.world.vendors.V1}/order`, {
      token: vendor1,
      query: { 'channel[]': String(shopeeId), per_page: '100' },
    });
    expect(list.status).toBe(200);
    expect(ids(list.body)).toContain(shopee.orderId);
    expect(ids(list.body)).not.toContain(tokopedia.orderId);
    expect(ids(list.body)).not.toContain(theirs.orderId);

    const table = await api.request(`/api/vendor/${api.world.vendors.V1}/widget/sales/table/order`, {
      token: vendor1,
      query: { 'channel[]': String(shopeeId), 'date-from': day, 'date-to': day, per_page: '100' },
    });
    expect(table.status).toBe(200);
    expect(ids(table.body)).toContain(shopee.orderId);
    expect(ids(table.body)).not.toContain(tokopedia.orderId);
    expect(ids(table.body)).not.toContain(theirs.orderId);

    const through = await api.request(`/api/vendor/${api.world.vendors.V3}/order`, {
      token: vendor1,
      query: { 'channel[]': String(shopeeId) },
    });
    expect(through.status).toBe(404);
  });
});
