import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addDays, round2, type DayRange } from './period';
import type { Scope } from './scope';
import { allOf, dayIn, inList, num, numOrNull, selectRows } from './sql';

/**
 * Stock figures read stock_daily_snapshots, itself a daily table (one row per vendor, product and Jakarta day)
 * with no coarser rollup: its rows grow with days × stocked products, not with orders. Snapshots carry no brand,
 * channel or category, so those come from the product; a channel filter does not apply to stock. "Active product"
 * is the product as it is now (active, not deleted): its history of activation is not kept.
 */
export function snapshotWhere(scope: Scope, ranges: DayRange[]): SQL {
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
 * In-stock rate of the scope as a percentage: the share of (active product, day) pairs with stock available,
 * the product's available stock being the sum over the scope's vendors (so per vendor on the vendor side, per
 * brand otherwise). Null when no snapshot falls in the range.
 */
export async function inStockRates(db: Executor, scope: Scope, ranges: DayRange[]) {
  const rows = await selectRows<{ day: string; in_stock: unknown; total: unknown }>(
    db,
    sql`select x.day, count(*) filter (where x.available > 0) as in_stock, count(*) as total
      from (
        select s.date::text as day, s.product_id, sum(s.available) as available
        from stock_daily_snapshots s join products p on p.id = s.product_id
        where ${snapshotWhere(scope, ranges)}
        group by s.date, s.product_id
      ) x
      group by x.day`,
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

/** Each vendor's in-stock rate (percentage, unrounded) over one range; vendors without snapshots are absent. */
export async function inStockRateByVendor(db: Executor, scope: Scope, range: DayRange) {
  const rows = await selectRows<{ vendor_id: number; in_stock: unknown; total: unknown }>(
    db,
    sql`select s.vendor_id, count(*) filter (where s.available > 0) as in_stock, count(*) as total
      from stock_daily_snapshots s join products p on p.id = s.product_id
      where ${snapshotWhere(scope, [range])}
      group by s.vendor_id`,
  );
  return new Map(rows.map((row) => [Number(row.vendor_id), rate(num(row.in_stock), num(row.total))]));
}

/** The mean of the vendors' in-stock rates, each vendor weighing the same; null when no vendor has snapshots. */
export async function averageInStockRate(db: Executor, scope: Scope, range: DayRange) {
  const rates = [...(await inStockRateByVendor(db, scope, range)).values()].filter(
    (value): value is number => value !== null,
  );
  return rates.length ? round2(rates.reduce((sum, value) => sum + value, 0) / rates.length) : null;
}

export const RUN_RATE_DAYS = 7;

/**
 * Run rate and weeks of supply as of the last day of a range (DESIGN §5):
 * - the products are the scope's active products stocked by one of its vendors (a vendor_stocks row);
 * - a product's run rate is its units sold (daily_product_rollups, net of returns) in the 7 days ending on that
 *   day ÷ 7; the average run rate is their mean over the products, unsold ones counting 0;
 * - a product's weeks of supply is its available stock ÷ (run rate × 7), i.e. available ÷ units of those 7 days,
 *   with available the sum over the scope's vendors in the latest snapshot on or before that day; it is empty
 *   when the run rate is 0, and the average is over the products that have one (null when none does, or when no
 *   snapshot exists yet).
 */
export async function supplyAsOf(db: Executor, scope: Scope, day: string) {
  const window: DayRange = { from: addDays(day, -(RUN_RATE_DAYS - 1)), to: day };
  const [latest] = await selectRows<{ day: string | null }>(
    db,
    sql`select max(s.date)::text as day from stock_daily_snapshots s
      where s.date <= ${day} and ${scope.vendorIds ? inList('s.vendor_id', scope.vendorIds) : sql`true`}`,
  );
  const stockDay = latest?.day ?? null;
  const vendorOf = (column: string) => (scope.vendorIds ? inList(column, scope.vendorIds) : undefined);
  const [row] = await selectRows<{ products: unknown; units: unknown; weeks: unknown }>(
    db,
    sql`with products_in_scope as (
        select p.id from products p
        where ${allOf([
          inList('p.brand_id', scope.brandIds),
          sql`p.is_active and p.deleted_at is null`,
          scope.categoryIds ? inList('p.category_id', scope.categoryIds) : undefined,
          sql`exists (select 1 from vendor_stocks vs where vs.product_id = p.id and ${allOf([vendorOf('vs.vendor_id')])})`,
        ])}
      ),
      sold as (
        select r.product_id, sum(r.units_sold) as units
        from daily_product_rollups r
        where ${allOf([
          inList('r.brand_id', scope.brandIds),
          vendorOf('r.vendor_id'),
          scope.channelIds ? inList('r.channel_id', scope.channelIds) : undefined,
          dayIn('r.date', [window]),
          sql`r.product_id in (select id from products_in_scope)`,
        ])}
        group by r.product_id
      ),
      stock as (
        select s.product_id, sum(s.available) as available
        from stock_daily_snapshots s
        where ${allOf([
          stockDay ? sql`s.date = ${stockDay}` : sql`false`,
          vendorOf('s.vendor_id'),
          sql`s.product_id in (select id from products_in_scope)`,
        ])}
        group by s.product_id
      )
      select (select count(*) from products_in_scope) as products,
        (select coalesce(sum(units), 0) from sold) as units,
        (select avg(coalesce(stock.available, 0)::float8 / sold.units)
          from sold left join stock on stock.product_id = sold.product_id
          where sold.units > 0) as weeks`,
  );
  const products = num(row.products);
  const weeks = numOrNull(row.weeks);
  return {
    averageRunRate: products > 0 ? round2(num(row.units) / RUN_RATE_DAYS / products) : 0,
    averageWeeksOfSupply: stockDay && weeks !== null ? round2(weeks) : null,
  };
}
