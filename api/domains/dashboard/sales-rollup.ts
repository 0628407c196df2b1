import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { DayRange } from './period';
import { fixedShape, readOnce, type Scope } from './scope';
import { allOf, dayIn, inList, joinedRange, num, selectRows } from './sql';

/**
 * Figures of daily_sales_rollups and daily_sales_totals (orders by creation day; canceled orders only in canceled_count, diverted
 * ones nowhere). GMV there is Σ (total_price − total_price_return) of the lines, which is the orders'
 * Σ grand_total − grand_total_return, since grand_total is Σ total_price and returns add up the same way.
 */
export type SalesFigures = {
  gmv: number;
  units: number;
  orders: number;
  canceled: number;
  returnUnits: number;
  readyCount: number;
  readySeconds: number;
};

export const NO_SALES: SalesFigures = {
  gmv: 0,
  units: 0,
  orders: 0,
  canceled: 0,
  returnUnits: 0,
  readyCount: 0,
  readySeconds: 0,
};

/**
 * The sales rollup a scope reads (as `r`, with salesRollupWhere): daily_sales_totals, a row per day, brand, vendor
 * and channel, unless a category filter needs daily_sales_rollups' categories.
 */
export function salesRollupOf(scope: Scope): SQL {
  return scope.categoryIds ? sql`daily_sales_rollups r` : sql`daily_sales_totals r`;
}

/**
 * The product rollup a scope reads (as `r`): daily_product_totals, a row per brand, day and product, unless a vendor
 * or channel filter needs daily_product_rollups' vendors and channels.
 */
export function productRollupOf(scope: Scope): SQL {
  return scope.vendorIds || scope.channelIds ? sql`daily_product_rollups r` : sql`daily_product_totals r`;
}

/** The rollup rows of the scope; every filter of the dashboards is a key of daily_sales_rollups. */
export function salesRollupWhere(scope: Scope, ranges: DayRange[]): SQL {
  return allOf([
    inList('r.brand_id', scope.brandIds),
    scope.vendorIds ? inList('r.vendor_id', scope.vendorIds) : undefined,
    scope.channelIds ? inList('r.channel_id', scope.channelIds) : undefined,
    scope.categoryIds ? inList('r.category_id', scope.categoryIds) : undefined,
    dayIn('r.date', ranges),
  ]);
}

const FIGURES = sql`sum(r.gmv)::bigint as gmv, sum(r.units_sold)::bigint as units, sum(r.order_count)::bigint as orders,
  sum(r.canceled_count)::bigint as canceled, sum(r.return_units)::bigint as return_units,
  sum(r.ready_count)::bigint as ready_count, sum(r.ready_seconds)::bigint as ready_seconds`;

type FigureRow = {
  gmv: unknown;
  units: unknown;
  orders: unknown;
  canceled: unknown;
  return_units: unknown;
  ready_count: unknown;
  ready_seconds: unknown;
};

function figuresOf(row: FigureRow): SalesFigures {
  return {
    gmv: num(row.gmv),
    units: num(row.units),
    orders: num(row.orders),
    canceled: num(row.canceled),
    returnUnits: num(row.return_units),
    readyCount: num(row.ready_count),
    readySeconds: num(row.ready_seconds),
  };
}

/**
 * Per day over the ranges: cards add the days of a range up, charts read them one by one. Read once per scope
 * (readOnce): eight cards of the summary dashboard are figures of the same rows.
 */
export function salesByDay(db: Executor, scope: Scope, ranges: DayRange[]) {
  return readOnce(scope, `sales ${JSON.stringify(ranges)}`, async () => {
    const rows = await selectRows<FigureRow & { day: string }>(
      db,
      sql`select r.date::text as day, ${FIGURES}
        from ${salesRollupOf(scope)}
        where ${salesRollupWhere(scope, ranges)}
        group by r.date`,
      fixedShape(scope) && joinedRange(ranges) ? 'sales_by_day' : undefined,
    );
    return new Map(rows.map((row) => [row.day, figuresOf(row)]));
  });
}

export function addFigures(a: SalesFigures, b: SalesFigures): SalesFigures {
  return {
    gmv: a.gmv + b.gmv,
    units: a.units + b.units,
    orders: a.orders + b.orders,
    canceled: a.canceled + b.canceled,
    returnUnits: a.returnUnits + b.returnUnits,
    readyCount: a.readyCount + b.readyCount,
    readySeconds: a.readySeconds + b.readySeconds,
  };
}

export function totalOver(days: Map<string, SalesFigures>, range: DayRange): SalesFigures {
  let total = NO_SALES;
  for (const [day, figures] of days)
    if (day >= range.from && day <= range.to) total = addFigures(total, figures);
  return total;
}

/** GMV ÷ units in whole rupiah; 0 when nothing was sold. */
export function averageSalesPrice(figures: SalesFigures): number {
  return figures.units > 0 ? Math.round(figures.gmv / figures.units) : 0;
}

/** Mean hours from order creation to ready_to_deliver; null when no order of the range got there. */
export function slaHours(figures: SalesFigures): number | null {
  return figures.readyCount > 0 ? figures.readySeconds / figures.readyCount / 3600 : null;
}
