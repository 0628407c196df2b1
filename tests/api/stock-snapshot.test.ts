import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockDailySnapshots, vendorStocks } from '../../api/db/schema';
import { sweepStockSnapshot } from '../../api/jobs/stock-snapshot';
import { startTestApi, type TestApi } from '../support/api';
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
  });
});
