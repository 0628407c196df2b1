import { sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatusCode, OrderStatusCode } from '../../db/schema';
import { jakartaDate } from '../../db/jakarta';
import { invoiceSliceOf, orderSliceOf } from './slices';
import {
  CUSTOMERS,
  INVOICES,
  ORDER_STATUSES,
  PAYMENTS,
  PRODUCTS,
  SALES,
  VENDOR_INVOICES,
  vendorsOfInvoice,
  type RollupTable,
} from './statements';

/**
 * What one order or invoice, as it stands, adds to each rollup: the same figures the queries of statements.ts
 * sum, for that one row. A change is its contribution after minus its contribution before, which is exact
 * because every figure is a sum over rows (ready_seconds too: whole seconds per order). The order's lines are
 * read as they are at flush, so they must not have changed between the two states (returns have their own
 * contribution). Timestamps arrive as JavaScript dates: the orders' are written from JavaScript too, so they
 * carry milliseconds at most and nothing is lost.
 */

export type OrderState = {
  id: number;
  invoiceId: number;
  createdAt: Date;
  brandId: number;
  vendorId: number;
  channelId: number;
  statusCode: OrderStatusCode;
  grandTotal: number;
  grandTotalReturn: number;
  readyToDeliverAt: Date | null;
  deletedAt?: Date | null;
};

export type InvoiceState = {
  id: number;
  createdAt: Date;
  brandId: number;
  channelId: number;
  statusCode: InvoiceStatusCode;
  grandTotal: number;
  customerId: number | null;
  totalProduct: number;
  paymentMethod: string | null;
};

/** A line's return: quantity_return and total_price_return grew by these. */
export type ReturnedLine = { orderProductId: number; quantity: number; amount: number };

export type Signed<T> = { sign: 1 | -1; state: T };

function orderStates(states: Signed<OrderState>[]) {
  const rows = states.map(
    ({ sign, state }, index) =>
      sql`(${index}::int, ${state.id}::int, ${sign}::int, ${jakartaDate(state.createdAt)}::date,
        ${state.brandId}::int, ${state.vendorId}::int, ${state.channelId}::int, ${state.statusCode}::text,
        ${state.createdAt.toISOString()}::timestamptz, ${state.readyToDeliverAt?.toISOString() ?? null}::timestamptz,
        ${state.grandTotal - state.grandTotalReturn}::bigint)`,
  );
  return sql`(values ${sql.join(rows, sql`, `)})
    as s(n, order_id, sign, date, brand_id, vendor_id, channel_id, status_code, created_at, ready_at, gmv)`;
}

function returnedLines(order: OrderState, lines: ReturnedLine[]) {
  const rows = lines.map(
    (line) =>
      sql`(${line.orderProductId}::int, ${line.quantity}::int, ${line.amount}::bigint, ${order.id}::int,
        ${jakartaDate(order.createdAt)}::date, ${order.brandId}::int, ${order.vendorId}::int, ${order.channelId}::int,
        ${order.statusCode}::text)`,
  );
  return sql`(values ${sql.join(rows, sql`, `)})
    as r(order_product_id, quantity, amount, order_id, date, brand_id, vendor_id, channel_id, status_code)`;
}

/** Sales rollup: orders not diverted (canceled ones count only in canceled_count). */
function salesOfOrders(states: Signed<OrderState>[]) {
  return sql`
    select s.date, s.brand_id, s.vendor_id, s.channel_id, coalesce(p.category_id, 0) as category_id,
      s.sign * (l.is_first and s.status_code <> 'canceled')::int as order_count,
      s.sign * case when s.status_code <> 'canceled' then l.total_price - l.total_price_return else 0 end as gmv,
      s.sign * case when s.status_code <> 'canceled' then l.quantity - l.quantity_return else 0 end as units_sold,
      s.sign * case when s.status_code <> 'canceled' then l.quantity_return else 0 end as return_units,
      s.sign * case when s.status_code <> 'canceled' then l.total_price_return else 0 end as return_amount,
      s.sign * (l.is_first and s.status_code = 'canceled')::int as canceled_count,
      s.sign * (l.is_first and s.status_code <> 'canceled' and s.ready_at is not null)::int as ready_count,
      s.sign * case when l.is_first and s.status_code <> 'canceled' and s.ready_at is not null
        then round(extract(epoch from s.ready_at - s.created_at)) else 0 end as ready_seconds
    from ${orderStates(states)}
    join (
      select op.*, op.id = min(op.id) over (partition by op.order_id) as is_first from order_products op
      where op.order_id in (${sql.join(
        states.map(({ state }) => sql`${state.id}::int`),
        sql`, `,
      )})
    ) l on l.order_id = s.order_id
    left join products p on p.id = l.product_id
    where s.status_code <> 'diverted'`;
}

/** Sales rollup: a return moves the line's amount and units from sold to returned. */
function salesOfReturns(order: OrderState, lines: ReturnedLine[]) {
  return sql`
    select r.date, r.brand_id, r.vendor_id, r.channel_id, coalesce(p.category_id, 0) as category_id,
      0 as order_count, -r.amount as gmv, -r.quantity as units_sold, r.quantity as return_units,
      r.amount as return_amount, 0 as canceled_count, 0 as ready_count, 0 as ready_seconds
    from ${returnedLines(order, lines)}
    join order_products l on l.id = r.order_product_id
    left join products p on p.id = l.product_id`;
}

/** Product rollup: the lines of live orders, each order counted once per product. */
function productsOfOrders(states: Signed<OrderState>[]) {
  return sql`
    select s.date, s.brand_id, s.vendor_id, s.channel_id, l.product_id,
      s.sign * sum(l.total_price - l.total_price_return) as gmv,
      s.sign * sum(l.quantity - l.quantity_return) as units_sold, s.sign as order_count
    from ${orderStates(states)}
    join order_products l on l.order_id = s.order_id
    where s.status_code not in ('canceled', 'diverted') and l.product_id is not null
    group by s.n, s.sign, s.date, s.brand_id, s.vendor_id, s.channel_id, l.product_id`;
}

function productsOfReturns(order: OrderState, lines: ReturnedLine[]) {
  return sql`
    select r.date, r.brand_id, r.vendor_id, r.channel_id, l.product_id,
      -r.amount as gmv, -r.quantity as units_sold, 0 as order_count
    from ${returnedLines(order, lines)}
    join order_products l on l.id = r.order_product_id
    where l.product_id is not null`;
}

/** Status rollup: every order by status; paid is read at flush (a payment voucher never rides on these changes). */
function statusesOfOrders(states: Signed<OrderState>[]) {
  return sql`
    select s.date, s.brand_id, s.vendor_id, s.channel_id, s.status_code,
      exists (select 1 from send_payment_orders spo where spo.order_id = s.order_id) as paid,
      s.sign as order_count, s.sign * s.gmv as gmv
    from ${orderStates(states)}`;
}

/** Status rollup: a return raises grand_total_return by the returned amounts. */
function statusesOfReturns(order: OrderState, lines: ReturnedLine[]) {
  return sql`
    select r.date, r.brand_id, r.vendor_id, r.channel_id, r.status_code,
      exists (select 1 from send_payment_orders spo where spo.order_id = r.order_id) as paid,
      0 as order_count, -r.amount as gmv
    from ${returnedLines(order, lines)}`;
}

function invoiceStates(states: Signed<InvoiceState>[]) {
  const rows = states.map(
    ({ sign, state }) =>
      sql`(${sign}::int, ${state.id}::int, ${jakartaDate(state.createdAt)}::date, ${state.brandId}::int,
        ${state.channelId}::int, ${state.statusCode}::text, ${state.grandTotal}::bigint, ${state.customerId}::int,
        ${state.totalProduct}::int, ${state.paymentMethod}::text)`,
  );
  return sql`(values ${sql.join(rows, sql`, `)})
    as s(sign, invoice_id, date, brand_id, channel_id, status_code, grand_total, customer_id, total_product,
      payment_method)`;
}

function invoicesOfInvoices(states: Signed<InvoiceState>[]) {
  return sql`
    select s.date, s.brand_id, s.channel_id, s.status_code, s.sign as invoice_count,
      s.sign * s.grand_total as grand_total
    from ${invoiceStates(states)}`;
}

/** Customer rollup: invoices with a buyer, not canceled. */
function customersOfInvoices(states: Signed<InvoiceState>[]) {
  return sql`
    select s.date, s.brand_id, s.channel_id, s.customer_id, s.sign as invoice_count,
      s.sign * s.grand_total as grand_total, s.sign * s.total_product as items
    from ${invoiceStates(states)}
    where s.customer_id is not null and s.status_code <> 'canceled'`;
}

/** Payment rollup: invoices not canceled. */
function paymentsOfInvoices(states: Signed<InvoiceState>[]) {
  return sql`
    select s.date, s.brand_id, s.channel_id, s.payment_method is not null as has_payment_method,
      coalesce(s.payment_method, '') as payment_method, s.sign as invoice_count
    from ${invoiceStates(states)}
    where s.status_code <> 'canceled'`;
}

/**
 * Vendor invoice rollup: the invoice for each vendor it has, read at flush. Exact only while the invoice's vendors
 * stay as they were in the transaction: a write that changes them recomputes the invoice's slice instead
 * (tracker.ts), and contributions falling in a recomputed slice are dropped.
 */
function vendorInvoicesOfInvoices(states: Signed<InvoiceState>[]) {
  return sql`
    select v.vendor_id, s.brand_id, s.date, s.channel_id, s.status_code,
      s.payment_method is not null as has_payment_method, coalesce(s.payment_method, '') as payment_method,
      s.sign as invoice_count, s.sign * s.grand_total as grand_total
    from ${invoiceStates(states)}
    cross join ${vendorsOfInvoice(sql`s.invoice_id`)} v`;
}

/**
 * How each rollup hears of a state. `shape` tells what the state contributes to the table as a string: two
 * states of the same shape contribute the same, so a change between them leaves the table alone (a live→live
 * status move, say, touches the status rollup only, and the sales rollup's ready figures on the move to
 * ready_to_deliver); null: nothing at all.
 */
export type OrderContribution = {
  table: RollupTable;
  shape(state: OrderState): string | null;
  ofOrders(states: Signed<OrderState>[]): SQL;
  ofReturns?(order: OrderState, lines: ReturnedLine[]): SQL | null;
};

export type InvoiceContribution = {
  table: RollupTable;
  shape(state: InvoiceState): string | null;
  ofInvoices(states: Signed<InvoiceState>[]): SQL;
};

function isLive(state: OrderState) {
  return !state.deletedAt && state.statusCode !== 'canceled' && state.statusCode !== 'diverted';
}

export const ORDER_CONTRIBUTIONS: OrderContribution[] = [
  {
    table: SALES,
    shape(state) {
      if (state.deletedAt || state.statusCode === 'diverted') return null;
      if (state.statusCode === 'canceled') return `${orderSliceOf(state).key}:canceled`;
      const ready = state.readyToDeliverAt
        ? state.readyToDeliverAt.getTime() - state.createdAt.getTime()
        : '';
      return `${orderSliceOf(state).key}:live:${ready}`;
    },
    ofOrders: salesOfOrders,
    ofReturns: (order, lines) => (isLive(order) ? salesOfReturns(order, lines) : null),
  },
  {
    table: PRODUCTS,
    shape: (state) => (isLive(state) ? orderSliceOf(state).key : null),
    ofOrders: productsOfOrders,
    ofReturns: (order, lines) => (isLive(order) ? productsOfReturns(order, lines) : null),
  },
  {
    table: ORDER_STATUSES,
    shape: (state) =>
      state.deletedAt
        ? null
        : `${orderSliceOf(state).key}:${state.statusCode}:${state.grandTotal - state.grandTotalReturn}`,
    ofOrders: statusesOfOrders,
    ofReturns: (order, lines) => (order.deletedAt ? null : statusesOfReturns(order, lines)),
  },
];

export const INVOICE_CONTRIBUTIONS: InvoiceContribution[] = [
  {
    table: INVOICES,
    shape: (state) => `${invoiceSliceOf(state).key}:${state.statusCode}:${state.grandTotal}`,
    ofInvoices: invoicesOfInvoices,
  },
  {
    table: CUSTOMERS,
    shape: (state) =>
      state.customerId === null || state.statusCode === 'canceled'
        ? null
        : `${invoiceSliceOf(state).key}:${state.customerId}:${state.grandTotal}:${state.totalProduct}`,
    ofInvoices: customersOfInvoices,
  },
  {
    table: PAYMENTS,
    shape: (state) =>
      state.statusCode === 'canceled'
        ? null
        : `${invoiceSliceOf(state).key}:${JSON.stringify(state.paymentMethod)}`,
    ofInvoices: paymentsOfInvoices,
  },
  {
    table: VENDOR_INVOICES,
    shape: (state) =>
      `${invoiceSliceOf(state).key}:${state.statusCode}:${state.grandTotal}:${JSON.stringify(state.paymentMethod)}`,
    ofInvoices: vendorInvoicesOfInvoices,
  },
];

/** The vendor an order makes its invoice count for (dashboard/raw.ts), or null: a diverted or deleted order none. */
function invoiceVendorOf(state: OrderState) {
  return state.statusCode === 'diverted' || state.deletedAt ? null : state.vendorId;
}

/** Whether the change may change which vendors the order's invoice counts for. */
export function changesInvoiceVendors(before: OrderState | null, after: OrderState) {
  return before ? invoiceVendorOf(before) !== invoiceVendorOf(after) : invoiceVendorOf(after) !== null;
}

/** The signed states a list of changes brings to one rollup: −before, +after, or nothing when their shapes agree. */
export function signedStates<T>(
  changes: { before: T | null; after: T }[],
  shapeOf: (state: T) => string | null,
): Signed<T>[] {
  const states: Signed<T>[] = [];
  for (const { before, after } of changes) {
    const was = before ? shapeOf(before) : null;
    const is = shapeOf(after);
    if (was === is) continue;
    if (before && was !== null) states.push({ sign: -1, state: before });
    if (is !== null) states.push({ sign: 1, state: after });
  }
  return states;
}
