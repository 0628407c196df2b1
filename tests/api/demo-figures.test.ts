import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../api/db/client';
import { buyerCard } from '../../api/domains/dashboard/customer';
import { addDays } from '../../api/domains/dashboard/period';
import {
  averageInStockRateCard,
  averageRunRateCard,
  averageWeeksOfSupplyCard,
  productTable,
} from '../../api/domains/dashboard/product';
import type { Scope } from '../../api/domains/dashboard/scope';
import { queryRows } from '../../api/seed/bulk-insert';
import { seedDemo } from '../../api/seed/demo';
import { jakartaDate } from '../../api/seed/time';
import { openTestDatabase } from '../support/database';

/**
 * The demo's dashboard figures read as a shop a viewer would believe (the dashboard formulas on the seeded data):
 * stock lasting weeks, not years; buyers who come back over a year; no product with more orders than units; a
 * run rate that follows the date range.
 */

const NOW = new Date('2026-11-21T03:00:00Z');
const TODAY = jakartaDate(NOW);

let handle: DatabaseHandle;
let scope: Scope;

function period(days: number) {
  const current = { from: addDays(TODAY, -(days - 1)), to: TODAY };
  return { current, last: { from: addDays(current.from, -days), to: addDays(current.from, -1) } };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedDemo({ db: handle.db, now: NOW });
  const [brand] = await queryRows<{ id: number }>(handle.db, sql`select id from brands order by id limit 1`);
  scope = { brandIds: [brand.id], vendorIds: null, channelIds: null, categoryIds: null };
}, 300_000);

afterAll(async () => {
  await handle?.close();
});

describe('the demo dashboard figures', () => {
  it('stock lasts weeks, not years, over a week, a month and a year', async () => {
    for (const days of [7, 30, 365]) {
      const weeks = await averageWeeksOfSupplyCard(handle.db, { ...scope }, period(days));
      expect(weeks.current_period, `${days} days`).toBeGreaterThan(2);
      expect(weeks.current_period, `${days} days`).toBeLessThan(26);
    }
    const inStock = await averageInStockRateCard(handle.db, { ...scope }, period(30));
    expect(inStock.current_period).toBeGreaterThan(50);
    expect(inStock.current_period).toBeLessThan(100);
  });

  it('the run rate is the range’s units per day, so a year and a week differ', async () => {
    const week = await averageRunRateCard(handle.db, { ...scope }, period(7));
    const year = await averageRunRateCard(handle.db, { ...scope }, period(365));
    expect(week.current_period).toBeGreaterThan(0);
    expect(year.current_period).toBeGreaterThan(0);
    expect(year.current_period).not.toBe(week.current_period);
  });

  it('over a year, buyers who came back count as regular or loyal, not all as new', async () => {
    const year = period(365);
    const [regular, loyal, fresh] = await Promise.all([
      buyerCard(handle.db, { ...scope }, year, ['regular']),
      buyerCard(handle.db, { ...scope }, year, ['loyal']),
      buyerCard(handle.db, { ...scope }, year, ['new']),
    ]);
    expect(regular.current_period).toBeGreaterThan(0);
    expect((regular.current_period ?? 0) + (loyal.current_period ?? 0)).toBeGreaterThan(
      (fresh.current_period ?? 0) / 10,
    );
  });

  it('no product has more orders than units sold', async () => {
    const table = await productTable(handle.db, { ...scope }, period(365), {
      page: 1,
      per_page: 1000,
      order_by: 'desc',
      sorted_by: 'total_order',
    } as Parameters<typeof productTable>[3]);
    expect(table.data.length).toBeGreaterThan(50);
    expect(table.data.filter((row) => row.total_order > row.total_sold)).toEqual([]);
  });
});
