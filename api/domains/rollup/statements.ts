import { sql, type SQL } from 'drizzle-orm';
import { jakartaDaySql } from '../../db/jakarta';

/**
 * The rollup tables and the queries that compute their rows from the raw tables. Given a condition on the raw rows
 * (orders `o`, invoices `i`: the slices to recompute, see slices.ts) a query computes those rows only; given null,
 * everything. The full rebuild and the tracker's slice recomputation share this text; the tests hold both, and
 * the tracker's contributions (contributions.ts), against the seed's own rebuild.
 */

export type RollupTable = {
  name: string;
  /** A short name for the statement's CTEs. */
  alias: string;
  keys: readonly string[];
  measures: readonly string[];
  /** The table's rows computed from the raw rows meeting `within`, or from all of them. */
  rows(within: SQL | null): SQL;
};

export const SALES: RollupTable = {
  name: 'daily_sales_rollups',
  alias: 'sales',
  keys: ['date', 'brand_id', 'vendor_id', 'channel_id', 'category_id'],
  measures: [
    'order_count',
    'gmv',
    'units_sold',
    'return_units',
    'return_amount',
    'canceled_count',
    'ready_count',
    'ready_seconds',
  ],
  rows: salesRows,
};

/** SALES summed over the categories (every figure there is a sum, none negative, so no row sums to zero). */
export const SALES_TOTALS = summedRollup('daily_sales_totals', 'sales_totals', SALES, [
  'brand_id',
  'date',
  'vendor_id',
  'channel_id',
]);

export const PRODUCTS: RollupTable = {
  name: 'daily_product_rollups',
  alias: 'products',
  keys: ['date', 'brand_id', 'vendor_id', 'channel_id', 'product_id'],
  measures: ['gmv', 'units_sold', 'order_count'],
  rows: productRows,
};

/** PRODUCTS summed over vendors and channels (order_count too: an order has one vendor and one channel). */
export const PRODUCT_TOTALS = summedRollup('daily_product_totals', 'product_totals', PRODUCTS, [
  'brand_id',
  'date',
  'product_id',
]);

export const ORDER_STATUSES: RollupTable = {
  name: 'daily_order_status_rollups',
  alias: 'statuses',
  keys: ['date', 'brand_id', 'vendor_id', 'channel_id', 'status_code', 'paid'],
  measures: ['order_count', 'gmv'],
  rows: orderStatusRows,
};

/** ORDER_STATUSES summed over the days. */
export const ORDER_STATUS_TOTALS = summedRollup('order_status_totals', 'totals', ORDER_STATUSES, [
  'brand_id',
  'vendor_id',
  'channel_id',
  'status_code',
  'paid',
]);

/**
 * Rollups that are another's rows summed over some of its keys: the tracker moves them by what the other's rows
 * move (tracker.ts), the rebuild computes them from the raw rows.
 */
export const SUMMED_ROLLUPS = [
  { table: ORDER_STATUS_TOTALS, of: ORDER_STATUSES },
  { table: SALES_TOTALS, of: SALES },
  { table: PRODUCT_TOTALS, of: PRODUCTS },
] as const;

/** A rollup of `of`'s rows summed by `keys`, with its measures. */
function summedRollup(name: string, alias: string, of: RollupTable, keys: readonly string[]): RollupTable {
  const columns = keys.map((key) => `r.${key}`).join(', ');
  const sums = of.measures.map((measure) => `sum(r.${measure}) as ${measure}`).join(', ');
  return {
    name,
    alias,
    keys,
    measures: of.measures,
    rows: (within) => sql`select ${sql.raw(columns)}, ${sql.raw(sums)} from (${of.rows(within)}) r
      group by ${sql.raw(columns)}`,
  };
}

export const INVOICES: RollupTable = {
  name: 'daily_invoice_rollups',
  alias: 'invoices',
  keys: ['date', 'brand_id', 'channel_id', 'status_code'],
  measures: ['invoice_count', 'grand_total'],
  rows: invoiceRows,
};

export const CUSTOMERS: RollupTable = {
  name: 'daily_customer_rollups',
  alias: 'customers',
  keys: ['date', 'brand_id', 'channel_id', 'customer_id'],
  measures: ['invoice_count', 'grand_total', 'items'],
  rows: customerRows,
};

export const PAYMENTS: RollupTable = {
  name: 'daily_payment_rollups',
  alias: 'payments',
  keys: ['date', 'brand_id', 'channel_id', 'has_payment_method', 'payment_method'],
  measures: ['invoice_count'],
  rows: paymentRows,
};

/**
 * Invoices per vendor: an invoice counts once for each vendor with an order of it that is not diverted (canceled
 * or not), as the dashboards read a vendor's invoices (dashboard/raw.ts). `within` is a condition on the invoices
 * (`i`): the order side of a change reaches this table through its invoice's slice (tracker.ts).
 */
export const VENDOR_INVOICES: RollupTable = {
  name: 'daily_vendor_invoice_rollups',
  alias: 'vendor_invoices',
  keys: [
    'vendor_id',
    'brand_id',
    'date',
    'channel_id',
    'status_code',
    'has_payment_method',
    'payment_method',
  ],
  measures: ['invoice_count', 'grand_total'],
  rows: vendorInvoiceRows,
};

/**
 * Each payment voucher's order count and total, Σ (grand_total − grand_total_return) of its orders; `within` is
 * a condition on the voucher's order links (`spo`).
 */
export const VOUCHER_TOTALS: RollupTable = {
  name: 'send_payment_totals',
  alias: 'vouchers',
  keys: ['send_payment_id'],
  measures: ['order_count', 'total'],
  rows: voucherTotalRows,
};

/** Each brand's number of buyers; `within` is a condition on the customers (`c`). */
export const CUSTOMER_TOTALS: RollupTable = {
  name: 'brand_customer_totals',
  alias: 'buyer_totals',
  keys: ['brand_id'],
  measures: ['customer_count'],
  rows: (within) => sql`
    select c.brand_id, count(*) as customer_count from customers c ${within ? sql`where ${within}` : sql``}
    group by 1`,
};

/**
 * The rollups kept per (day, brand, vendor, channel) of the orders (and the status totals over the days), and per
 * (day, brand, channel) of the invoices (the vendor invoice rollup too: its slices are the invoices').
 */
export const ORDER_ROLLUPS = [
  SALES,
  SALES_TOTALS,
  PRODUCTS,
  PRODUCT_TOTALS,
  ORDER_STATUSES,
  ORDER_STATUS_TOTALS,
] as const;
export const INVOICE_ROLLUPS = [INVOICES, CUSTOMERS, PAYMENTS, VENDOR_INVOICES] as const;

export function andWithin(within: SQL | null) {
  return within ? sql`and (${within})` : sql``;
}

/**
 * Sales: lines of orders not diverted. A group whose figures are all zero (only later lines of canceled orders
 * fell in it) is left out, so a row exists exactly when one of its figures is not zero, as in every other rollup
 * (their counts are at least one): that is what lets the tracker delete a row its contributions bring to zero.
 * ready_seconds adds whole seconds per order, so that one order's share is exact on its own.
 */
export function salesRows(within: SQL | null) {
  const lines = within ? sql`where op.order_id in (select o.id from orders o where ${within})` : sql``;
  const grouped = sql`
    select ${jakartaDaySql(sql`o.created_at`)} as date, o.brand_id, o.vendor_id, o.channel_id,
      coalesce(p.category_id, 0) as category_id,
      count(*) filter (where l.is_first and o.status_code <> 'canceled') as order_count,
      coalesce(sum(l.total_price - l.total_price_return) filter (where o.status_code <> 'canceled'), 0) as gmv,
      coalesce(sum(l.quantity - l.quantity_return) filter (where o.status_code <> 'canceled'), 0) as units_sold,
      coalesce(sum(l.quantity_return) filter (where o.status_code <> 'canceled'), 0) as return_units,
      coalesce(sum(l.total_price_return) filter (where o.status_code <> 'canceled'), 0) as return_amount,
      count(*) filter (where l.is_first and o.status_code = 'canceled') as canceled_count,
      count(*) filter (where l.is_first and o.status_code <> 'canceled' and o.ready_to_deliver_at is not null)
        as ready_count,
      coalesce(sum(round(extract(epoch from o.ready_to_deliver_at - o.created_at)))
        filter (where l.is_first and o.status_code <> 'canceled' and o.ready_to_deliver_at is not null), 0)
        as ready_seconds
    from orders o
    join (
      select op.*, op.id = min(op.id) over (partition by op.order_id) as is_first from order_products op ${lines}
    ) l on l.order_id = o.id
    left join products p on p.id = l.product_id
    where o.status_code <> 'diverted' and o.deleted_at is null ${andWithin(within)}
    group by 1, 2, 3, 4, 5`;
  const anyNonZero = SALES.measures.map((measure) => sql`r.${sql.identifier(measure)} <> 0`);
  return sql`select * from (${grouped}) r where ${sql.join(anyNonZero, sql` or `)}`;
}

/** Lines of live orders per product; order_count counts the orders holding the product. */
export function productRows(within: SQL | null) {
  return sql`
    select ${jakartaDaySql(sql`o.created_at`)} as date, o.brand_id, o.vendor_id, o.channel_id, l.product_id,
      sum(l.total_price - l.total_price_return) as gmv, sum(l.quantity - l.quantity_return) as units_sold,
      count(distinct o.id) as order_count
    from orders o
    join order_products l on l.order_id = o.id
    where o.status_code not in ('canceled', 'diverted') and o.deleted_at is null and l.product_id is not null
      ${andWithin(within)}
    group by 1, 2, 3, 4, 5`;
}

/** Every order not deleted, by current status; paid = in a payment voucher; gmv = Σ (grand_total − grand_total_return). */
export function orderStatusRows(within: SQL | null) {
  return sql`
    select ${jakartaDaySql(sql`o.created_at`)} as date, o.brand_id, o.vendor_id, o.channel_id, o.status_code,
      spo.order_id is not null as paid, count(*) as order_count, sum(o.grand_total - o.grand_total_return) as gmv
    from orders o
    left join send_payment_orders spo on spo.order_id = o.id
    where o.deleted_at is null ${andWithin(within)}
    group by 1, 2, 3, 4, 5, 6`;
}

export function voucherTotalRows(within: SQL | null) {
  return sql`
    select spo.send_payment_id, count(*) as order_count, coalesce(sum(o.grand_total - o.grand_total_return), 0) as total
    from send_payment_orders spo
    join orders o on o.id = spo.order_id
    ${within ? sql`where ${within}` : sql``}
    group by 1`;
}

export function invoiceRows(within: SQL | null) {
  return sql`
    select ${jakartaDaySql(sql`i.created_at`)} as date, i.brand_id, i.channel_id, i.status_code,
      count(*) as invoice_count, sum(i.grand_total) as grand_total
    from invoices i
    ${within ? sql`where ${within}` : sql``}
    group by 1, 2, 3, 4`;
}

export function customerRows(within: SQL | null) {
  return sql`
    select ${jakartaDaySql(sql`i.created_at`)} as date, i.brand_id, i.channel_id, i.customer_id,
      count(*) as invoice_count, sum(i.grand_total) as grand_total, sum(i.total_product) as items
    from invoices i
    where i.customer_id is not null and i.status_code <> 'canceled' ${andWithin(within)}
    group by 1, 2, 3, 4`;
}

/** Invoices not canceled by payment method; one without has has_payment_method false and payment_method ''. */
export function paymentRows(within: SQL | null) {
  return sql`
    select ${jakartaDaySql(sql`i.created_at`)} as date, i.brand_id, i.channel_id,
      i.payment_method is not null as has_payment_method, coalesce(i.payment_method, '') as payment_method,
      count(*) as invoice_count
    from invoices i
    where i.status_code <> 'canceled' ${andWithin(within)}
    group by 1, 2, 3, 4, 5`;
}

/**
 * The vendors whose orders, not diverted, make the invoice theirs: a lateral subquery per invoice, which the
 * orders' invoice index answers, so a slice's recomputation reads its invoices' orders only.
 */
export function vendorsOfInvoice(invoiceId: SQL) {
  return sql`lateral (select distinct o.vendor_id from orders o
    where o.invoice_id = ${invoiceId} and o.status_code <> 'diverted' and o.deleted_at is null)`;
}

export function vendorInvoiceRows(within: SQL | null) {
  return sql`
    select v.vendor_id, i.brand_id, ${jakartaDaySql(sql`i.created_at`)} as date, i.channel_id, i.status_code,
      i.payment_method is not null as has_payment_method, coalesce(i.payment_method, '') as payment_method,
      count(*) as invoice_count, sum(i.grand_total) as grand_total
    from invoices i
    cross join ${vendorsOfInvoice(sql`i.id`)} v
    ${within ? sql`where ${within}` : sql``}
    group by 1, 2, 3, 4, 5, 6, 7`;
}
