import { and, count, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceOffers, orders, stockMovements } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, invoicePayload, type Catalogue } from '../support/world';

/**
 * Accepting one offer from many requests at once: exactly one order, 409 for everyone else. Only a real
 * PostgreSQL server runs requests in parallel transactions; PGlite has one connection, so there the file
 * checks the same rule one request after another.
 */

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

let api: TestApi;
let catalogue: Catalogue;
let admin: string;
let vendor1: string;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  [admin, vendor1] = await Promise.all([
    api.login(api.world.users.admin.email),
    api.login(api.world.users.vendor1.email),
  ]);
});

afterAll(async () => {
  await api?.close();
});

/** A fresh invoice passed from the priority vendor to Vendor Satu; returns Vendor Satu's pending offer. */
async function offerForVendor1() {
  const ingested = await api.request(`/api/brand/${api.world.brands.A}/channel/1/invoice`, {
    method: 'POST',
    token: admin,
    json: invoicePayload([
      { product: catalogue.A.phone, quantity: 1 },
      { product: catalogue.A.charger, quantity: 2 },
    ]),
  });
  const invoiceId = ingested.body.data.id as number;
  const pending = async () =>
    (
      await api.db
        .select()
        .from(invoiceOffers)
        .where(and(eq(invoiceOffers.invoiceId, invoiceId), eq(invoiceOffers.status, 'pending')))
    )[0];
  const first = await pending();
  await api.request(`/api/vendor/${api.world.vendors.V3}/invoice-offer-log/${first.id}/status/reject`, {
    method: 'PUT',
    token: admin,
  });
  return { invoiceId, offer: await pending() };
}

function accept(offerId: number) {
  return api.request(`/api/vendor/${api.world.vendors.V1}/invoice-offer-log/${offerId}/status/accept`, {
    method: 'PUT',
    token: vendor1,
  });
}

async function liveOrders(invoiceId: number) {
  const [row] = await api.db
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.invoiceId, invoiceId), notInArray(orders.statusCode, ['canceled', 'diverted'])));
  return row.total;
}

async function reservations(orderIds: number[]) {
  const rows = await api.db.select({ orderId: stockMovements.orderId }).from(stockMovements);
  return rows.filter((row) => row.orderId !== null && orderIds.includes(row.orderId)).length;
}

// Each database gets the test its connection model allows, so neither run carries a skipped test.
const describeOnPostgres = onPostgres ? describe : () => undefined;
const describeOnPglite = onPostgres ? () => undefined : describe;

describeOnPostgres('twenty concurrent accepts of one offer (PostgreSQL)', () => {
  for (const round of [1, 2, 3]) {
    it(`round ${round}: exactly one request creates the order, the other nineteen get 409`, async () => {
      const { invoiceId, offer } = await offerForVendor1();

      const responses = await Promise.all(Array.from({ length: 20 }, () => accept(offer.id)));

      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, ...Array(19).fill(409)]);
      const winner = responses.find((response) => response.status === 200);
      expect(await liveOrders(invoiceId)).toBe(1);
      const [order] = await api.db.select().from(orders).where(eq(orders.invoiceId, invoiceId));
      expect(order.id).toBe(winner?.body.data.id);
      // Two lines, two reservations: the losers reserved nothing.
      expect(await reservations([order.id])).toBe(2);
    });
  }
});

describeOnPglite('accepting one offer twice (PGlite, one connection)', () => {
  it('creates one order on the first accept and answers 409 to the second, which reserves nothing', async () => {
    const { invoiceId, offer } = await offerForVendor1();

    const first = await accept(offer.id);
    const second = await accept(offer.id);

    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(await liveOrders(invoiceId)).toBe(1);
    expect(await reservations([first.body.data.id])).toBe(2);
  });
});
