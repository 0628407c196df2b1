import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { OrderStatusCode } from '../../db/schema';
import { card, dailySeries, type DayRange, type Period } from './period';
import {
  fitsInvoiceRollups,
  fitsVendorInvoiceRollups,
  invoiceRollupWhere,
  invoiceWhere,
  orderStatusRollupWhere,
  orderWhere,
  vendorInvoiceRollupWhere,
} from './raw';
import { averageSalesPrice, salesByDay, totalOver, type SalesFigures } from './sales-rollup';
import { fixedShape, type Scope } from './scope';
import { inList, jakartaDayOf, joinedRange, num, selectRows } from './sql';

/** Without a status filter, invoice and order counts are of new orders (Pesanan Baru). */
export const NEW_ORDER: OrderStatusCode[] = ['new'];

type Figure = (figures: SalesFigures) => number;

export const gmvOf: Figure = (figures) => figures.gmv;
export const unitsOf: Figure = (figures) => figures.units;
export const ordersOf: Figure = (figures) => figures.orders;

/** A card of one sales-rollup figure over the period. */
export async function salesCard(db: Executor, scope: Scope, period: Period, figure: Figure) {
  const days = await salesByDay(db, scope, [period.current, period.last]);
  return card(figure(totalOver(days, period.current)), figure(totalOver(days, period.last)));
}

/** Both periods of one sales-rollup figure, day by day. */
export async function salesChart<F extends string>(
  db: Executor,
  scope: Scope,
  period: Period,
  field: F,
  figure: Figure,
) {
  const days = await salesByDay(db, scope, [period.current, period.last]);
  const series = (range: DayRange) =>
    dailySeries(range, field, (day) => {
      const figures = days.get(day);
      return figures ? figure(figures) : 0;
    });
  return { current_period: series(period.current), last_period: series(period.last) };
}

export async function averageSalesPriceCard(db: Executor, scope: Scope, period: Period) {
  const days = await salesByDay(db, scope, [period.current, period.last]);
  return card(
    averageSalesPrice(totalOver(days, period.current)),
    averageSalesPrice(totalOver(days, period.last)),
  );
}

export function averageSalesPriceChart(db: Executor, scope: Scope, period: Period) {
  return salesChart(db, scope, period, 'average_sales_price', averageSalesPrice);
}

/**
 * Invoices per creation day in the statuses. From daily_invoice_rollups when the scope is a brand's channels, from
 * daily_vendor_invoice_rollups when it is one vendor's; a category restriction, or several vendors, are not keys of
 * those rollups, so those counts read the invoices of the range (by the brand/status/creation index) and check
 * their order's vendor or their lines' categories.
 */
async function invoicesByDay(
  db: Executor,
  scope: Scope,
  statuses: readonly OrderStatusCode[],
  ranges: DayRange[],
): Promise<Map<string, number>> {
  const fromRollup = (table: SQL, where: SQL) =>
    selectRows<{ day: string; total: unknown }>(
      db,
      sql`select r.date::text as day, sum(r.invoice_count)::bigint as total
        from ${table} r
        where ${where} and ${inList('r.status_code', statuses)}
        group by r.date`,
      fixedShape(scope) && joinedRange(ranges) ? 'invoices_by_day' : undefined,
    );
  const rows = fitsInvoiceRollups(scope)
    ? await fromRollup(sql`daily_invoice_rollups`, invoiceRollupWhere(scope, ranges))
    : fitsVendorInvoiceRollups(scope)
      ? await fromRollup(sql`daily_vendor_invoice_rollups`, vendorInvoiceRollupWhere(scope, ranges))
      : await selectRows<{ day: string; total: unknown }>(
          db,
          sql`select ${jakartaDayOf('i.created_at')}::text as day, count(*) as total
            from invoices i
            where ${invoiceWhere(scope, ranges, { statuses })}
            group by 1`,
        );
  return new Map(rows.map((row) => [row.day, num(row.total)]));
}

/**
 * A vendor's orders per creation day in the statuses: from daily_order_status_rollups, which keeps orders by
 * vendor and status, unless a category filter asks for the orders' lines; then the vendor's orders of the range
 * through the (vendor_id, created_at) index.
 */
async function ordersByDay(
  db: Executor,
  scope: Scope,
  statuses: readonly OrderStatusCode[],
  ranges: DayRange[],
): Promise<Map<string, number>> {
  const rows = await selectRows<{ day: string; total: unknown }>(
    db,
    scope.categoryIds
      ? sql`select ${jakartaDayOf('o.created_at')}::text as day, count(*) as total
          from orders o
          where ${orderWhere(scope, ranges, statuses)}
          group by 1`
      : sql`select r.date::text as day, sum(r.order_count)::bigint as total
          from daily_order_status_rollups r
          where ${orderStatusRollupWhere(scope, ranges, statuses)}
          group by r.date`,
    fixedShape(scope) && joinedRange(ranges) ? 'orders_by_day' : undefined,
  );
  return new Map(rows.map((row) => [row.day, num(row.total)]));
}

function sumOver(days: Map<string, number>, range: DayRange) {
  let total = 0;
  for (const [day, value] of days) if (day >= range.from && day <= range.to) total += value;
  return total;
}

function countCard(days: Map<string, number>, period: Period) {
  return card(sumOver(days, period.current), sumOver(days, period.last));
}

function countChart<F extends string>(days: Map<string, number>, period: Period, field: F) {
  const series = (range: DayRange) => dailySeries(range, field, (day) => days.get(day) ?? 0);
  return { current_period: series(period.current), last_period: series(period.last) };
}

export async function invoiceCard(db: Executor, scope: Scope, period: Period, statuses: OrderStatusCode[]) {
  return countCard(await invoicesByDay(db, scope, statuses, [period.current, period.last]), period);
}

export async function invoiceChart(db: Executor, scope: Scope, period: Period, statuses: OrderStatusCode[]) {
  return countChart(
    await invoicesByDay(db, scope, statuses, [period.current, period.last]),
    period,
    'total_invoice',
  );
}

export async function orderCountCard(
  db: Executor,
  scope: Scope,
  period: Period,
  statuses: OrderStatusCode[],
) {
  return countCard(await ordersByDay(db, scope, statuses, [period.current, period.last]), period);
}

export async function orderCountChart(
  db: Executor,
  scope: Scope,
  period: Period,
  statuses: OrderStatusCode[],
) {
  return countChart(
    await ordersByDay(db, scope, statuses, [period.current, period.last]),
    period,
    'total_order',
  );
}
