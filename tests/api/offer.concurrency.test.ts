import { and, count, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceOffers, invoices, orders, stockMovements, vendorStocks } from '../../api/db/schema';
import { offerToVendor1, startTestApi, type TestApi } from '../support/api';
import { createCatalogue, type Catalogue } from '../support/world';

/**
 * Accepting one offer from many requests at once: exactly one order, 409 for everyone else. A real PostgreSQL
 * server runs the requests in parallel transactions; PGlite, with one connection, takes them in turn — the same
 * races run on both, several rounds each.
 */

const ROUNDS = [1, 2, 3, 4, 5];

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
function offerForVendor1() {
  return offerToVendor1(api, admin, [
    { product: catalogue.A.phone, quantity: 1 },
    { product: catalogue.A.charger, quantity: 2 },
  ]);
}

function accept(offerId: number) {
  return api.request(`/api/vendor/${api.world.vendors.V1}/invoice-offer-log/${offerId}/status/accept`, {
    method: 'PUT',
    token: vendor1,
  });
}

function cancel(invoiceId: number) {
  return api.db
    .select({ externalNumber: invoices.externalNumber })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .then(([invoice]) =>
      api.request(`/api/brand/${api.world.brands.A}/channel/1/invoice/cancel`, {
        method: 'POST',
        token: admin,
        json: { external_number: invoice.externalNumber },
      }),
    );
}

/** Vendor Satu's reserved units of the offered products. */
async function reservedUnits() {
  const rows = await api.db
    .select()
    .from(vendorStocks)
    .where(eq(vendorStocks.vendorId, api.world.vendors.V1));
  const offered = [catalogue.A.phone.id, catalogue.A.charger.id];
  return rows.filter((row) => offered.includes(row.productId)).reduce((sum, row) => sum + row.reserved, 0);
}

/** After a cancellation, whoever won: the invoice canceled, no live order, every reservation given back. */
async function expectCanceledThroughout(invoiceId: number, reservedBefore: number) {
  const [invoice] = await api.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  expect(invoice.statusCode).toBe('canceled');
  expect(await liveOrders(invoiceId)).toBe(0);
  expect(await reservedUnits()).toBe(reservedBefore);
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

function reject(offerId: number) {
  return api.request(`/api/vendor/${api.world.vendors.V1}/invoice-offer-log/${offerId}/status/reject`, {
    method: 'PUT',
    token: vendor1,
  });
}

describe('twenty concurrent accepts of one offer', () => {
  for (const round of ROUNDS) {
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

describe('a marketplace cancellation racing accepts', () => {
  for (const round of ROUNDS) {
    it(`round ${round}: the invoice ends canceled with no live order and no reservation left, and nobody gets a 500`, async () => {
      const reservedBefore = await reservedUnits();
      const { invoiceId, offer } = await offerForVendor1();

      const responses = await Promise.all([
        ...Array.from({ length: 5 }, () => accept(offer.id)),
        cancel(invoiceId),
        cancel(invoiceId),
      ]);

      for (const response of responses) expect([200, 409]).toContain(response.status);
      expect(responses.slice(5).map((response) => response.status)).toEqual([200, 200]);
      expect(responses.slice(0, 5).filter((response) => response.status === 200).length).toBeLessThanOrEqual(
        1,
      );
      await expectCanceledThroughout(invoiceId, reservedBefore);
    });
  }
});

describe('a marketplace cancellation and an accept, one after the other', () => {
  it('cancels the order an accept made, and an accept after the cancellation gets 409', async () => {
    const reservedBefore = await reservedUnits();
    const accepted = await offerForVendor1();
    expect((await accept(accepted.offer.id)).status).toBe(200);
    expect((await cancel(accepted.invoiceId)).status).toBe(200);
    await expectCanceledThroughout(accepted.invoiceId, reservedBefore);

    const late = await offerForVendor1();
    expect((await cancel(late.invoiceId)).status).toBe(200);
    expect((await accept(late.offer.id)).status).toBe(409);
    await expectCanceledThroughout(late.invoiceId, reservedBefore);
  });
});

describe('an accept racing a reject of the same offer', () => {
  for (const round of ROUNDS) {
    it(`round ${round}: one of them wins; an accept that won made the order, a reject that won made none`, async () => {
      const { invoiceId, offer } = await offerForVendor1();

      const [accepted, rejected] = await Promise.all([accept(offer.id), reject(offer.id)]);

      expect([accepted.status, rejected.status].sort()).toEqual([200, 409]);
      const [row] = await api.db.select().from(invoiceOffers).where(eq(invoiceOffers.id, offer.id));
      if (accepted.status === 200) {
        expect(row.status).toBe('accepted');
        expect(await liveOrders(invoiceId)).toBe(1);
      } else {
        expect(row.status).toBe('rejected');
        expect(await liveOrders(invoiceId)).toBe(0);
      }
    });
  }
});

describe('accepting an offer that is no longer open', () => {
  it('answers 409 to a rejected, an expired and a withdrawn offer, and makes no order', async () => {
    const rejected = await offerForVendor1();
    expect((await reject(rejected.offer.id)).status).toBe(200);

    const expired = await offerForVendor1();
    await api.db
      .update(invoiceOffers)
      .set({ expiresAt: new Date(api.clock.now.getTime() - 1000) })
      .where(eq(invoiceOffers.id, expired.offer.id));

    const withdrawn = await offerForVendor1();
    expect((await cancel(withdrawn.invoiceId)).status).toBe(200);

    for (const { invoiceId, offer } of [rejected, expired, withdrawn]) {
      expect((await accept(offer.id)).status, `offer ${offer.id}`).toBe(409);
      const [row] = await api.db
        .select({ total: count() })
        .from(orders)
        .where(and(eq(orders.invoiceId, invoiceId), eq(orders.vendorId, api.world.vendors.V1)));
      expect(row.total).toBe(0);
    }
  });
});

describe('accepting one offer twice, one after the other', () => {
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
