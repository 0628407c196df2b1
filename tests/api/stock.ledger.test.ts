import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockMovements, vendorStocks } from '../../api/db/schema';
import { changeStock, moveOrderStock } from '../../api/domains/stock/ledger';
import { ApiError } from '../../api/api-error';
import { runWrite } from '../../api/work/unit-of-work';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, placeOrder, type Catalogue } from '../support/world';

let api: TestApi;
let catalogue: Catalogue;
let orderId: number;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  ({ orderId } = await placeOrder(api.deps, api.world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: catalogue.A.laptop, quantity: 1 }],
  }));
});

afterAll(async () => {
  await api?.close();
});

/** Per (vendor, product): each balance is the running sum of the changes, the last one the row's available. */
async function expectLedgerInStep() {
  const movements = await api.db.select().from(stockMovements).orderBy(asc(stockMovements.id));
  const running = new Map<string, number>();
  for (const movement of movements) {
    const key = `${movement.vendorId}:${movement.productId}`;
    const balance = (running.get(key) ?? 0) + movement.quantity;
    expect(movement.balanceAfter, `movement ${movement.id} of ${key}`).toBe(balance);
    running.set(key, balance);
  }
  for (const stock of await api.db.select().from(vendorStocks)) {
    // An accepted order reserves what it needs even beyond the stock (an oversell shows as negative
    // available); what never happens is a negative reservation.
    expect(stock.reserved).toBeGreaterThanOrEqual(0);
    expect(running.get(`${stock.vendorId}:${stock.productId}`) ?? 0).toBe(stock.quantity - stock.reserved);
  }
}

async function rowOf(productId: number) {
  const [row] = await api.db
    .select()
    .from(vendorStocks)
    .where(and(eq(vendorStocks.vendorId, api.world.vendors.V1), eq(vendorStocks.productId, productId)));
  return row;
}

type Step =
  | { kind: 'reserve' | 'release' | 'return'; product: 0 | 1; quantity: number }
  | { kind: 'vendor_update' | 'import'; product: 0 | 1; quantity: number }
  | { kind: 'adjustment'; product: 0 | 1; quantity: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('reserve' as const, 'release' as const, 'return' as const),
    product: fc.constantFrom(0 as const, 1 as const),
    quantity: fc.integer({ min: 1, max: 20 }),
  }),
  fc.record({
    kind: fc.constantFrom('vendor_update' as const, 'import' as const),
    product: fc.constantFrom(0 as const, 1 as const),
    quantity: fc.integer({ min: 0, max: 200 }),
  }),
  fc.record({
    kind: fc.constant('adjustment' as const),
    product: fc.constantFrom(0 as const, 1 as const),
    quantity: fc.integer({ min: -60, max: 60 }).filter((value) => value !== 0),
  }),
);

/** Runs one step through the ledger as the write paths do; a step the rules refuse changes nothing. */
async function apply(step: Step) {
  const productId = [catalogue.A.phone.id, catalogue.A.charger.id][step.product];
  const before = await rowOf(productId);
  const context = { actorId: api.world.users.admin.id, at: api.clock.now };
  try {
    await runWrite(api.deps, context, async (work) => {
      work.audit({ action: `test.${step.kind}`, entity: 'product', entityId: productId });
      if (step.kind === 'reserve' || step.kind === 'release' || step.kind === 'return') {
        // A release gives back only what is reserved, as the order paths do.
        const quantity = step.kind === 'release' ? Math.min(step.quantity, before.reserved) : step.quantity;
        if (quantity === 0) return;
        await moveOrderStock(work, {
          vendorId: api.world.vendors.V1,
          orderId,
          kind: step.kind,
          note: step.kind,
          lines: [{ productId, quantity }],
        });
      } else {
        await changeStock(work, {
          vendorId: api.world.vendors.V1,
          kind: step.kind,
          note: step.kind,
          lines: [
            step.kind === 'adjustment'
              ? { productId, add: step.quantity }
              : { productId, set: step.quantity },
          ],
        });
      }
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    expect(await rowOf(productId)).toEqual(before);
  }
}

describe('the stock ledger', () => {
  it('balances equal the sum of movements after any sequence of reserves, releases, returns, updates, imports and adjustments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const step of steps) await apply(step);
        await expectLedgerInStep();
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('concurrent adjustments of one stock row lose nothing', async () => {
    const token = await api.login(api.world.users.vendor1.email);
    // Whatever the property above left, the row first gets room for the eight removals to land in any order: on
    // hand at least 8 above what is reserved (a removal below the reserved units is refused, and rightly).
    const start = await rowOf(catalogue.A.charger.id);
    const room = Math.max(0, (start?.reserved ?? 0) + 8 - (start?.quantity ?? 0));
    if (room > 0) {
      const topUp = await api.request(`/api/vendor/${api.world.vendors.V1}/stock-adjustment`, {
        token,
        json: { note: 'Ruang', items: [{ product_id: catalogue.A.charger.id, adjustment: room }] },
      });
      expect(topUp.status).toBe(201);
    }
    const before = await rowOf(catalogue.A.charger.id);
    const changes = [...Array.from({ length: 24 }, () => 1), ...Array.from({ length: 8 }, () => -1)];
    const responses = await Promise.all(
      changes.map((adjustment, index) =>
        api.request(`/api/vendor/${api.world.vendors.V1}/stock-adjustment`, {
          token,
          json: { note: `Serentak ${index}`, items: [{ product_id: catalogue.A.charger.id, adjustment }] },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(changes.map(() => 201));
    expect((await rowOf(catalogue.A.charger.id)).quantity).toBe(before.quantity + 16);
    await expectLedgerInStep();
  });
});
