import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addDays, daysBetween, round2, type DayRange } from './period';
import { RUN_RATE_DAYS } from '../stock/figures';
import { productRollupOf } from './sales-rollup';
import { readOnce, type Scope } from './scope';
import { allOf, dayIn, inList, num, numOrNull, rangeIndexOf, selectRows } from './sql';

/**
 * Stock figures read stock_daily_snapshots, a daily table (one row per vendor, product and Jakarta day), or its
 * rollup per brand, vendor and category, daily_in_stock_rollups (docs/decisions/061). Snapshots carry no brand,
 * channel or category, so those come from the product; a channel filter does not apply to stock. "Active product"
 * is the product as it is now (active, not deleted): its history of activation is not kept.
 */
function snapshotWhere(scope: Scope, ranges: DayRange[]): SQL {
  return allOf([
    inList('p.brand_id', scope.brandIds),
    sql`p.is_active and p.deleted_at is null`,
    scope.categoryIds ? inList('p.category_id', scope.categoryIds) : undefined,
    scope.vendorIds ? inList('s.vendor_id', scope.vendorIds) : undefined,
    dayIn('s.date', ranges),
  ]);
}

/** A percentage, unrounded; null when there is nothing to measure. */
function rate(inStock: number, total: number): number | null {
  return total > 0 ? (inStock / total) * 100 : null;
}

/**
 * The rows `r` of daily_in_stock_rollups of the scope's brands and categories in the ranges: each vendor's rows
 * (`each`, of the scope's vendors when it names them), or those of all vendors together (`together`, vendor_id 0).
 */
export function inStockRollupWhere(scope: Scope, ranges: DayRange[], vendors: 'each' | 'together'): SQL {
  return allOf([
    inList('r.brand_id', scope.brandIds),
    vendors === 'together'
      ? sql`r.vendor_id = 0`
      : scope.vendorIds
        ? inList('r.vendor_id', scope.vendorIds)
        : sql`r.vendor_id <> 0`,
    scope.categoryIds ? inList('r.category_id', scope.categoryIds) : undefined,
    dayIn('r.date', ranges),
  ]);
}

/**
 * The (product, day) pairs of the ranges and those in stock, per day: a product in stock when its stock summed over
 * the scope's vendors is. From daily_in_stock_rollups when that sum is the rollup's: over all vendors (vendor_id
 * 0) or over the one vendor of the scope (its own rows); several chosen vendors read the snapshots.
 */
function inStockByDay(scope: Scope, ranges: DayRange[]): SQL {
  if (scope.vendorIds === null || scope.vendorIds.length === 1) {
    const vendors = scope.vendorIds === null ? 'together' : 'each';
    return sql`select r.date::text as day, sum(r.in_stock) as in_stock, sum(r.products) as total
      from daily_in_stock_rollups r
      where ${inStockRollupWhere(scope, ranges, vendors)}
      group by r.date`;
  }
  return sql`select x.day, count(*) filter (where x.available > 0) as in_stock, count(*) as total
    from (
      select s.date::text as day, s.product_id, sum(s.available) as available
      from stock_daily_snapshots s join products p on p.id = s.product_id
      where ${snapshotWhere(scope, ranges)}
      group by s.date, s.product_id
    ) x
    group by x.day`;
}

/**
 * In-stock rate of the scope as a percentage: the share of (active product, day) pairs with stock available,
 * the product's available stock being the sum over the scope's vendors (so per vendor on the vendor side, per
 * brand otherwise). Null when no snapshot falls in the range.
 */
export async function inStockRates(db: Executor, scope: Scope, ranges: DayRange[]) {
  const rows = await selectRows<{ day: string; in_stock: unknown; total: unknown }>(
    db,
    inStockByDay(scope, ranges),
  );
  return ranges.map((range) => {
    const inRange = rows.filter((row) => row.day >= range.from && row.day <= range.to);
    const value = rate(
      inRange.reduce((sum, row) => sum + num(row.in_stock), 0),
      inRange.reduce((sum, row) => sum + num(row.total), 0),
    );
    return value === null ? null : round2(value);
  });
}

/**
 * The mean of the vendors' in-stock rates in each range, each vendor weighing the same; null for a range in which
 * no vendor has snapshots. One statement for all the ranges, over each vendor's rows of daily_in_stock_rollups.
 */
export async function averageInStockRates(db: Executor, scope: Scope, ranges: DayRange[]) {
  const rows = await selectRows<{ range: number; in_stock: unknown; total: unknown }>(
    db,
    sql`select ${rangeIndexOf('r.date', ranges)} as range, sum(r.in_stock) as in_stock, sum(r.products) as total
      from daily_in_stock_rollups r
      where ${inStockRollupWhere(scope, ranges, 'each')}
      group by 1, r.vendor_id`,
  );
  return ranges.map((_, index) => {
    const rates = rows
      .filter((row) => Number(row.range) === index)
      .map((row) => rate(num(row.in_stock), num(row.total)))
      .filter((value): value is number => value !== null);
    return rates.length ? round2(rates.reduce((sum, value) => sum + value, 0) / rates.length) : null;
  });
}

/**
 * Run rate and weeks of supply of each of the ranges (docs/decisions/019), in one statement:
 * - the products are the scope's active products stocked by one of its vendors (a vendor_stocks row);
 * - a product's run rate is its units sold (the product rollups, net of returns) per day of the range, or of
 *   the 7 days ending on its last day when the range is shorter (the stock list's window), so the figure follows
 *   the range the dashboard is filtered by; the average run rate is their mean over the products, unsold ones counting 0;
 * - a product's weeks of supply is its available stock ÷ (run rate × 7), with available the sum over the scope's
 *   vendors in the latest snapshot on or before the range's last day; it is empty when the run rate is 0, and the
 *   average is over the products that have one (null when none does, or when no snapshot exists yet).
 */
export function supplyAsOf(db: Executor, scope: Scope, ranges: DayRange[]) {
  // Run rate and weeks of supply are two cards of one statement.
  return readOnce(scope, `supply ${JSON.stringify(ranges)}`, () => readSupply(db, scope, ranges));
}

async function readSupply(db: Executor, scope: Scope, ranges: DayRange[]) {
  const windows = ranges.map(({ from, to }) => {
    const start = [from, addDays(to, -(RUN_RATE_DAYS - 1))].sort()[0];
    return { day: to, from: start, days: daysBetween(start, to) + 1 };
  });
  const asOf = windows.map(
    (window, index) =>
      sql`(${sql.raw(String(index))}, ${window.day}::date, ${window.from}::date, ${sql.raw(String(window.days))})`,
  );
  const vendorOf = (column: string) => (scope.vendorIds ? inList(column, scope.vendorIds) : undefined);
  const rows = await selectRows<{
    k: number;
    stock_day: string | null;
    products: unknown;
    units: unknown;
    weeks: unknown;
  }>(
    db,
    sql`with as_of (k, day, window_from, days) as (values ${sql.join(asOf, sql`, `)}),
      products_in_scope as materialized (
        select p.id from products p
        where ${allOf([
          inList('p.brand_id', scope.brandIds),
          sql`p.is_active and p.deleted_at is null`,
          scope.categoryIds ? inList('p.category_id', scope.categoryIds) : undefined,
          sql`exists (select 1 from vendor_stocks vs where vs.product_id = p.id and ${allOf([vendorOf('vs.vendor_id')])})`,
        ])}
      ),
      stock_days as (
        select a.k, (select max(s.date) from stock_daily_snapshots s
          where ${allOf([sql`s.date <= a.day`, vendorOf('s.vendor_id')])}) as stock_day
        from as_of a
      ),
      sold as (
        select a.k, r.product_id, sum(r.units_sold) as units
        from as_of a join ${productRollupOf(scope)} on r.date between a.window_from and a.day
        where ${allOf([
          inList('r.brand_id', scope.brandIds),
          vendorOf('r.vendor_id'),
          scope.channelIds ? inList('r.channel_id', scope.channelIds) : undefined,
          sql`r.product_id in (select id from products_in_scope)`,
        ])}
        group by 1, 2
      ),
      stock as (
        select d.k, s.product_id, sum(s.available) as available
        from stock_days d join stock_daily_snapshots s on s.date = d.stock_day
        where ${allOf([vendorOf('s.vendor_id'), sql`s.product_id in (select id from products_in_scope)`])}
        group by 1, 2
      )
      select d.k, d.stock_day::text as stock_day, (select count(*) from products_in_scope) as products,
        (select coalesce(sum(sold.units), 0) from sold where sold.k = d.k) as units,
        (select avg(coalesce(stock.available, 0)::float8 / (sold.units * 7.0 / a.days))
          from sold left join stock on stock.k = sold.k and stock.product_id = sold.product_id
          where sold.k = d.k and sold.units > 0) as weeks
      from stock_days d join as_of a on a.k = d.k`,
  );
  return windows.map((window, index) => {
    const row = rows.find((candidate) => Number(candidate.k) === index);
    const products = num(row?.products);
    const weeks = numOrNull(row?.weeks);
    return {
      averageRunRate: products > 0 ? round2(num(row?.units) / window.days / products) : 0,
      averageWeeksOfSupply: row?.stock_day && weeks !== null ? round2(weeks) : null,
    };
  });
}
