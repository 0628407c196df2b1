import { and, eq, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dailyOrderStatusRollups, orderStatusTotals } from '../../db/schema';
import { rollupScopeConditions, type OrderFilters, type OrderScope } from './filters';
import { DEAD_STATUSES } from './statuses';

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
  if (filters.search || filters.customerName || filters.categoryIds) return null;
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
  const table = tableFor(filters);
  const statuses = shownStatuses(table, filters);
  if (statuses === null) return null;
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${table.orderCount}), 0)` })
    .from(table)
    .where(and(...scopeConditions(table, scope, filters), statuses));
  return Number(row.total);
}

/** Σ (grand_total − grand_total_return) of the shown orders, canceled and diverted never counting; null as above. */
export async function gmvFromStatusRollups(executor: Executor, scope: OrderScope, filters: OrderFilters) {
  const table = tableFor(filters);
  const statuses = shownStatuses(table, filters);
  if (statuses === null) return null;
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${table.gmv}), 0)` })
    .from(table)
    .where(
      and(...scopeConditions(table, scope, filters), statuses, notInArray(table.statusCode, DEAD_STATUSES)),
    );
  return Number(row.total);
}
