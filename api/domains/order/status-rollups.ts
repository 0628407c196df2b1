import { and, eq, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedShape } from '../../db/prepared';
import { dailyOrderStatusRollups, orderStatusTotals } from '../../db/schema';
import { rollupScopeConditions, type OrderFilters, type OrderScope } from './filters';
import { DEAD_STATUSES } from './statuses';

/**
 * A scope's plain list: no search and no filter, the live orders of live invoices — the list a page opens with and
 * pages through. Its statements differ only by the scope's brands and vendor, so they are prepared (parsed and
 * planned once per connection) with those as parameters; any other list builds its SQL per request.
 */
export function isPlainList(filters: OrderFilters) {
  return (
    !filters.search &&
    !filters.dateFrom &&
    !filters.dateTo &&
    !filters.vendorIds &&
    !filters.channelIds &&
    !filters.categoryIds &&
    !filters.statuses &&
    !filters.customerName &&
    filters.sendPaymentId === undefined &&
    !filters.withCanceled &&
    !filters.withCanceledInvoice
  );
}

/** A scope sees a handful of brands at most; one with more keeps to per-request SQL rather than a statement per count. */
const MAX_PREPARED_BRANDS = 4;

/**
 * The scope with placeholders for its brands (`b0`, `b1`, …) and vendor (`v`), the values to execute with, and the
 * part of a statement name the scope's shape gives (side and number of brands); null when the scope is not one to
 * prepare for. The placeholders stand where the conditions expect ids: drizzle binds them at execution.
 */
export function scopeParameters(scope: OrderScope) {
  if (scope.brandIds.length === 0 || scope.brandIds.length > MAX_PREPARED_BRANDS) return null;
  const values: Record<string, number> = {};
  const brandIds = scope.brandIds.map((id, index) => {
    values[`b${index}`] = id;
    return sql.placeholder(`b${index}`);
  });
  let vendorId: ReturnType<typeof sql.placeholder> | undefined;
  if (scope.vendorId !== undefined) {
    values.v = scope.vendorId;
    vendorId = sql.placeholder('v');
  }
  const parameterised = { ...scope, brandIds, vendorId } as unknown as OrderScope;
  const shape = `${scope.vendorId === undefined ? 'brand' : 'vendor'}${scope.brandIds.length}`;
  return { scope: parameterised, values, shape };
}

/**
 * Counts and totals of an order list from the status rollups: the daily table for a date range, the all-time
 * totals otherwise, so the cost follows vendors × channels × statuses (× days), never the number of orders.
 * See docs/decisions/005-list-totals.md.
 */

type StatusTable = typeof dailyOrderStatusRollups | typeof orderStatusTotals;

/**
 * The statuses shown, as a condition on a status rollup; undefined for "every status"; null when the rollups
 * cannot answer. They know brand, vendor, channel, day, status and paid — not search, customer or category —
 * and not the invoice's status. That last one is only asked about when canceled orders are not: an invoice is
 * canceled exactly when its live order is, so no shown live order has a canceled invoice.
 */
function shownStatuses(table: StatusTable, filters: OrderFilters): SQL | undefined | null {
  if (filters.search || filters.customerName || filters.categoryIds || filters.sendPaymentId !== undefined) {
    return null;
  }
  const invoiceRuleApplies =
    !filters.withCanceledInvoice && !filters.statuses?.some((wanted) => wanted.code === 'canceled');
  if (filters.statuses) {
    if (invoiceRuleApplies && filters.statuses.some((wanted) => DEAD_STATUSES.includes(wanted.code))) {
      return null;
    }
    return or(
      ...filters.statuses.map((wanted) =>
        wanted.paid === undefined
          ? eq(table.statusCode, wanted.code)
          : and(eq(table.statusCode, wanted.code), eq(table.paid, wanted.paid)),
      ),
    );
  }
  if (!filters.withCanceled) return notInArray(table.statusCode, DEAD_STATUSES);
  return invoiceRuleApplies ? null : undefined;
}

function tableFor(filters: OrderFilters): StatusTable {
  return filters.dateFrom || filters.dateTo ? dailyOrderStatusRollups : orderStatusTotals;
}

function scopeConditions(table: StatusTable, scope: OrderScope, filters: OrderFilters) {
  const date = table === dailyOrderStatusRollups ? dailyOrderStatusRollups.date : undefined;
  return rollupScopeConditions(table, scope, filters, date);
}

/** The number of orders the list shows, or null when the rollups cannot tell. */
export async function countFromStatusRollups(executor: Executor, scope: OrderScope, filters: OrderFilters) {
  const parameters = isPlainList(filters) ? scopeParameters(scope) : null;
  const prepared =
    parameters &&
    preparedShape(executor, `order_count_${parameters.shape}`, (name) =>
      countStatement(executor, parameters.scope, filters)?.prepare(name),
    );
  if (parameters && prepared) {
    const [row] = await prepared.execute(parameters.values);
    return Number(row.total);
  }
  const statement = countStatement(executor, scope, filters);
  if (!statement) return null;
  const [row] = await statement;
  return Number(row.total);
}

function countStatement(executor: Executor, scope: OrderScope, filters: OrderFilters) {
  const table = tableFor(filters);
  const statuses = shownStatuses(table, filters);
  if (statuses === null) return null;
  return executor
    .select({ total: sql<string>`coalesce(sum(${table.orderCount}), 0)` })
    .from(table)
    .where(and(...scopeConditions(table, scope, filters), statuses));
}

/** Σ (grand_total − grand_total_return) of the shown orders, canceled and diverted never counting; null as above. */
export async function gmvFromStatusRollups(executor: Executor, scope: OrderScope, filters: OrderFilters) {
  const parameters = isPlainList(filters) ? scopeParameters(scope) : null;
  const prepared =
    parameters &&
    preparedShape(executor, `order_gmv_${parameters.shape}`, (name) =>
      gmvStatement(executor, parameters.scope, filters)?.prepare(name),
    );
  if (parameters && prepared) {
    const [row] = await prepared.execute(parameters.values);
    return Number(row.total);
  }
  const statement = gmvStatement(executor, scope, filters);
  if (!statement) return null;
  const [row] = await statement;
  return Number(row.total);
}

function gmvStatement(executor: Executor, scope: OrderScope, filters: OrderFilters) {
  const table = tableFor(filters);
  const statuses = shownStatuses(table, filters);
  if (statuses === null) return null;
  return executor
    .select({ total: sql<string>`coalesce(sum(${table.gmv}), 0)` })
    .from(table)
    .where(
      and(...scopeConditions(table, scope, filters), statuses, notInArray(table.statusCode, DEAD_STATUSES)),
    );
}
