import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyInStockRollups, products, stockDailySnapshots, vendorStocks } from '../../api/db/schema';
import { sweepStockSnapshot } from '../../api/jobs/stock-snapshot';
import { startTestApi, type TestApi } from '../support/api';
import { expectRollupsInStep } from '../support/rollups';
import { createCatalogue } from '../support/world';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  await createCatalogue(api.db, api.world);
});

afterAll(async () => {
  await api?.close();
});

describe('the stock snapshot sweep', () => {
  it("writes each vendor product's available stock on its Jakarta day, follows changes that day and keeps the days before", async () => {
    const [stock] = await api.db.select().from(vendorStocks).orderBy(asc(vendorStocks.vendorId)).limit(1);
    const pair = and(
      eq(stockDailySnapshots.vendorId, stock.vendorId),
      eq(stockDailySnapshots.productId, stock.productId),
    );
    const snapshots = () =>
      api.db
        .select({ date: stockDailySnapshots.date, available: stockDailySnapshots.available })
        .from(stockDailySnapshots)
        .where(and(pair, inArray(stockDailySnapshots.date, ['2031-03-01', '2031-03-02'])))
        .orderBy(asc(stockDailySnapshots.date));
    const setStock = (quantity: number, reserved: number) =>
      api.db
        .update(vendorStocks)
        .set({ quantity, reserved })
        .where(and(eq(vendorStocks.vendorId, stock.vendorId), eq(vendorStocks.productId, stock.productId)));

    await setStock(12, 5);
    // 23:30 in Jakarta (UTC+7) on 1 March.
    await sweepStockSnapshot(api.db, () => new Date('2031-03-01T16:30:00Z'));
    expect(await snapshots()).toEqual([{ date: '2031-03-01', available: 7 }]);

    await setStock(12, 12);
    await sweepStockSnapshot(api.db, () => new Date('2031-03-01T16:50:00Z'));
    expect(await snapshots()).toEqual([{ date: '2031-03-01', available: 0 }]);

    // 00:10 on 2 March in Jakarta, still 1 March in UTC.
    await setStock(20, 2);
    await sweepStockSnapshot(api.db, () => new Date('2031-03-01T17:10:00Z'));
    expect(await snapshots()).toEqual([
      { date: '2031-03-01', available: 0 },
      { date: '2031-03-02', available: 18 },
    ]);

    const pairs = await api.db.$count(vendorStocks);
    expect(pairs).toBeGreaterThan(1);
    expect(await api.db.$count(stockDailySnapshots, eq(stockDailySnapshots.date, '2031-03-02'))).toBe(pairs);
    await expectRollupsInStep(api.db);
  });

  it('keeps the in-stock rollup in step through the sweep and the product edits it reads: category, activity, deletion', async () => {
    const admin = await api.login(api.world.users.admin.email);
    const brand = `/api/brand/${api.world.brands.A}`;
    await sweepStockSnapshot(api.db, () => new Date('2031-04-01T10:00:00Z'));
    await sweepStockSnapshot(api.db, () => new Date('2031-04-02T10:00:00Z'));
    await expectRollupsInStep(api.db);

    const [product] = await api.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.brandId, api.world.brands.A),
          inArray(products.id, api.db.select({ id: vendorStocks.productId }).from(vendorStocks)),
        ),
      )
      .orderBy(asc(products.id))
      .limit(1);
    const countedIn = async (categoryId: number) => {
      const [row] = await api.db
        .select({ products: sql<string>`coalesce(sum(${dailyInStockRollups.products}), 0)` })
        .from(dailyInStockRollups)
        .where(
          and(
            eq(dailyInStockRollups.brandId, api.world.brands.A),
            eq(dailyInStockRollups.categoryId, categoryId),
          ),
        );
      return Number(row.products);
    };
    const moveTo = api.world.categories.A.children.find((id) => id !== product.categoryId) as number;
    const countedBefore = await countedIn(moveTo);
    const edit = (json: Record<string, unknown>) =>
      api.request(`${brand}/product/${product.id}`, {
        method: 'PUT',
        token: admin,
        json: { name: product.name, sku: product.sku, category_id: moveTo, ...json },
      });

    expect((await edit({})).status).toBe(200);
    // The product's days now count under the other category, for its vendors and for all vendors together.
    expect(await countedIn(moveTo)).toBeGreaterThan(countedBefore);
    await expectRollupsInStep(api.db);

    expect((await edit({ is_active: false })).status).toBe(200);
    await expectRollupsInStep(api.db);
    expect((await edit({ is_active: true })).status).toBe(200);
    await expectRollupsInStep(api.db);

    await api.db.update(vendorStocks).set({ reserved: 0 }).where(eq(vendorStocks.productId, product.id));
    const deleted = await api.request(`${brand}/product/${product.id}`, { method: 'DELETE', token: admin });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await expectRollupsInStep(api.db);
  });
});
