import { and, eq, gte, inArray, isNull, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { invoices, orders, sendPaymentOrders } from '../../db/schema';
import { containsPattern } from '../../db/like';
import { validationFailed } from '../../api-error';
import { withDescendants } from '../category/descendants';
import { dateConditions } from '../../db/jakarta';
import type { OrderListQuery } from './schema';
import type { Side } from '../../../contract/access';
import { DEAD_STATUSES, parseOrderStatus, type StatusWanted } from './statuses';

/**
 * How a request sees an order: from the brand side or the vendor side, and whether it sees how the order was
 * shipped (shipping number, receiver, photos) — the vendor always, on the brand side administrators only.
 */
/**
 * How a caller sees orders: which labels, whether the shipping details, and whether they may change an order's
 * vendor and record its returns (brand side with `order.update`, docs/decisions/007).
 */
export type OrderView = { side: Side; seesShipping: boolean; changesOrders: boolean };

/** Whose orders a request sees: one brand (brand routes), or one vendor within the brands visible through it. */
export type OrderScope = OrderView & { brandIds: number[]; vendorId?: number };

export type OrderFilters = {
  search?: string;
  dateFrom?: string;
  dateTo?: string;
  vendorIds?: number[];
  channelIds?: number[];
  /** Requested categories with their descendants; an empty list matches nothing. */
  categoryIds?: number[];
  statuses?: StatusWanted[];
  withCanceled: boolean;
  withCanceledInvoice: boolean;
  customerName?: string;
  /** The orders one payment voucher holds. */
  sendPaymentId?: number;
};

export const paidOrder = sql<boolean>`exists (select 1 from ${sendPaymentOrders} where ${sendPaymentOrders.orderId} = ${orders.id})`;

export async function readOrderFilters(
  executor: Executor,
  scope: OrderScope,
  query: OrderListQuery,
): Promise<OrderFilters> {
  let statuses: StatusWanted[] | undefined;
  if (query.status?.length) {
    statuses = [];
    for (const [index, text] of query.status.entries()) {
      const wanted = parseOrderStatus(scope.side, text);
      if (!wanted) {
        throw validationFailed({
          [query.status.length > 1 ? `status.${index}` : 'status']: ['The selected status is invalid.'],
        });
      }
      statuses.push(wanted);
    }
  }
  return {
    search: query.search || undefined,
    dateFrom: query['date-from'],
    dateTo: query['date-to'],
    vendorIds: query.vendor?.length ? query.vendor : undefined,
    channelIds: query.channel?.length ? query.channel : undefined,
    categoryIds: query.category?.length
      ? await withDescendants(executor, scope.brandIds, query.category)
      : undefined,
    statuses,
    withCanceled: query['with-canceled'],
    withCanceledInvoice: query['with-canceled-invoice'],
    customerName: query['customer-name'] || undefined,
    sendPaymentId: query['send-payment'],
  };
}

/**
 * The scope and the brand, vendor, channel and day filters as conditions on a rollup; `date` is the rollup's
 * day column, absent for all-time totals.
 */
export function rollupScopeConditions(
  table: { brandId: PgColumn; vendorId: PgColumn; channelId: PgColumn },
  scope: OrderScope,
  filters: OrderFilters,
  date?: PgColumn,
) {
  const conditions: SQL[] = [inArray(table.brandId, scope.brandIds.length ? scope.brandIds : [0])];
  if (scope.vendorId !== undefined) conditions.push(eq(table.vendorId, scope.vendorId));
  if (filters.vendorIds) conditions.push(inArray(table.vendorId, filters.vendorIds));
  if (filters.channelIds) conditions.push(inArray(table.channelId, filters.channelIds));
  if (date) conditions.push(...dateConditionsOnDay(date, filters.dateFrom, filters.dateTo));
  return conditions;
}

/** The same range on a rollup's `date` column (a Jakarta day already). */
export function dateConditionsOnDay(column: PgColumn, from?: string, to?: string) {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, from));
  if (to) conditions.push(lte(column, to));
  return conditions;
}

function statusCondition(wanted: StatusWanted): SQL {
  const code = eq(orders.statusCode, wanted.code);
  if (wanted.paid === undefined) return code;
  return and(code, wanted.paid ? paidOrder : sql`not ${paidOrder}`) as SQL;
}

/** Whether the filters ask for canceled or diverted orders, by flag or by status. */
export function includesDeadOrders(filters: OrderFilters) {
  return filters.statuses
    ? filters.statuses.some((wanted) => DEAD_STATUSES.includes(wanted.code))
    : filters.withCanceled;
}

/**
 * The conditions on `orders` (joined with `invoices`) for a scope and its filters, without the category,
 * which the order list applies to whole orders and the item list to lines.
 */
export function orderConditions(scope: OrderScope, filters: OrderFilters): SQL[] {
  const conditions: SQL[] = [
    inArray(orders.brandId, scope.brandIds.length ? scope.brandIds : [0]),
    isNull(orders.deletedAt),
  ];
  if (scope.vendorId !== undefined) conditions.push(eq(orders.vendorId, scope.vendorId));
  if (filters.search) conditions.push(inArray(orders.id, searchedOrderIds(filters.search)));
  conditions.push(...dateConditions(orders.createdAt, filters.dateFrom, filters.dateTo));
  if (filters.vendorIds) conditions.push(inArray(orders.vendorId, filters.vendorIds));
  if (filters.channelIds) conditions.push(inArray(orders.channelId, filters.channelIds));
  if (filters.sendPaymentId !== undefined) {
    conditions.push(
      inArray(
        orders.id,
        sql`(select ${sendPaymentOrders.orderId} from ${sendPaymentOrders} where ${sendPaymentOrders.sendPaymentId} = ${filters.sendPaymentId})`,
      ),
    );
  }
  if (filters.statuses) {
    conditions.push(or(...filters.statuses.map(statusCondition)) as SQL);
  } else if (!filters.withCanceled) {
    conditions.push(notInArray(orders.statusCode, DEAD_STATUSES));
  }
  const asksCanceled = filters.statuses?.some((wanted) => wanted.code === 'canceled') ?? false;
  if (!filters.withCanceledInvoice && !asksCanceled) conditions.push(ne(invoices.statusCode, 'canceled'));
  if (filters.customerName)
    conditions.push(sql`lower(${invoices.customerName}) = lower(${filters.customerName})`);
  return conditions;
}

/**
 * Order numbers read `SO/YYYY/MM/NNNNNN` and "S" appears nowhere else, so a term of that shape can only match
 * from the first character: it is a prefix, a byte range on the pattern index.
 */
const ORDER_NUMBER_PREFIX = /^SO\/[0-9/]*$/;

function numberMatches(search: string): SQL {
  const term = search.toUpperCase();
  if (!ORDER_NUMBER_PREFIX.test(term)) return sql`o.number ilike ${containsPattern(search)}`;
  const after = term.slice(0, -1) + String.fromCharCode(term.charCodeAt(term.length - 1) + 1);
  return sql`o.number ~>=~ ${term} and o.number ~<~ ${after}`;
}

/**
 * The orders whose number, invoice number or customer name holds `search`. Each side is its own query so each
 * can use its index (trigrams, or the prefix range); one OR across the join would scan every order.
 */
function searchedOrderIds(search: string): SQL {
  const pattern = containsPattern(search);
  return sql`(select o.id from orders o where ${numberMatches(search)}
    union
    select o.id from orders o join invoices i on i.id = o.invoice_id
    where i.external_number ilike ${pattern} or i.customer_name ilike ${pattern})`;
}

/** Orders with at least one line in the categories. */
export function orderInCategories(categoryIds: number[]): SQL {
  if (categoryIds.length === 0) return sql`false`;
  return sql`exists (select 1 from order_products op join products p on p.id = op.product_id
    where op.order_id = ${orders.id} and p.category_id in (${sql.join(
      categoryIds.map((id) => sql`${id}`),
      sql`, `,
    )}))`;
}

/**
 * Whether the daily rollups can answer a count or a sum for these filters: they know brand, vendor, channel
 * and day, and hold exactly the orders a list shows by default (neither canceled nor diverted).
 */
export function rollupsCanAnswer(filters: OrderFilters) {
  return !filters.search && !filters.statuses && !filters.withCanceled && !filters.customerName;
}
