import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPaymentOrders, sendPayments } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { bankNamed, completedOrder, voucherBody } from '../support/payments';
import { expectRollupsInStep } from '../support/rollups';
import { createCatalogue, type Catalogue } from '../support/world';

/**
 * Paying one order from many requests at once: one voucher holds it, every other request answers 422 and
 * leaves nothing behind. Only a real PostgreSQL server runs the requests in parallel transactions; PGlite has
 * one connection, so there the file checks the same rule one request after another.
 */

const CONCURRENT = 20;
const ROUNDS = 3;

let api: TestApi;
let catalogue: Catalogue;
let bankId: number;
let tokens: string[];
/** Orders for the same-number race, made before any request: see below. */
const sameNumberOrders: number[] = [];

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  bankId = await bankNamed(api, 'BCA');
  // Placing orders keeps this process busy for seconds (PGlite runs on its thread); done after requests, the
  // server would close their idle keep-alive connections just as the next requests reuse them.
  for (let index = 0; index < CONCURRENT; index++) sameNumberOrders.push(await completedOfV1());
  // Two users, so the requests do not all queue behind one token's cache entry.
  tokens = await Promise.all([
    api.login(api.world.users.admin.email),
    api.login(api.world.users.keyAccount.email),
  ]);
});

afterAll(async () => {
  await api?.close();
});

function completedOfV1() {
  return completedOrder(api, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: catalogue.A.phone, quantity: 1 }],
  }).then((placed) => placed.orderId);
}

function createAll(bodies: Record<string, unknown>[]) {
  return Promise.all(
    bodies.map((json, index) =>
      api.request('/api/send-payment', { token: tokens[index % tokens.length], json }),
    ),
  );
}

describe(`${CONCURRENT} vouchers for the same order at once`, () => {
  it.each(Array.from({ length: ROUNDS }, (_, round) => round + 1))(
    'round %i: one voucher holds the order, the other requests answer 422 and write nothing',
    async (round) => {
      const orderId = await completedOfV1();
      const numbers = Array.from({ length: CONCURRENT }, (_, index) => `RACE/${round}/${index}`);

      const responses = await createAll(
        numbers.map((number) =>
          voucherBody(api, { brand: 'A', vendor: 'V1', bankId, orderIds: [orderId], number }),
        ),
      );

      const statuses = responses.map((response) => response.status).sort();
      expect(statuses, JSON.stringify(responses.map((response) => response.body))).toEqual([
        201,
        ...Array(CONCURRENT - 1).fill(422),
      ]);
      for (const response of responses.filter((candidate) => candidate.status === 422)) {
        expect(Object.values(response.body.errors).flat()).toEqual([
          expect.stringMatching(/sudah dibayar dengan voucher lain/),
        ]);
      }
      const holders = await api.db
        .select()
        .from(sendPaymentOrders)
        .where(eq(sendPaymentOrders.orderId, orderId));
      expect(holders).toHaveLength(1);
      const [{ vouchers }] = await api.db
        .select({ vouchers: count() })
        .from(sendPayments)
        .where(inArray(sendPayments.number, numbers));
      expect(vouchers).toBe(1);
      await expectRollupsInStep(api.db);
    },
  );
});

describe(`${CONCURRENT} vouchers with the same number at once`, () => {
  it('one voucher takes the number, the others answer 422 on it and pay nothing', async () => {
    const orderIds = sameNumberOrders;

    const responses = await createAll(
      orderIds.map((orderId) =>
        voucherBody(api, { brand: 'A', vendor: 'V1', bankId, orderIds: [orderId], number: 'RACE/NUMBER' }),
      ),
    );

    const created = responses.filter((response) => response.status === 201);
    expect(created).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.status !== 201)) {
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ number: ['The number has already been taken.'] });
    }
    const held = await api.db
      .select()
      .from(sendPaymentOrders)
      .where(inArray(sendPaymentOrders.orderId, orderIds));
    expect(held.map((row) => row.orderId)).toEqual(created[0].body.data.order_ids);
  });
});
