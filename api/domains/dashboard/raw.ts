import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatusCode } from '../../db/schema';
import { startOfDay, type DayRange } from './period';
import type { Scope } from './scope';
import { allOf, dayIn, inList, instantIn } from './sql';

/**
 * Conditions on the raw invoice and order tables, for the figures no rollup can give. Each starts from the
 * brand and creation time, which the (brand_id, created_at) and (brand_id, status_code, created_at) indexes of
 * invoices and orders_vendor_brand_created_live_idx serve, so a call reads the rows of its range only.
 */

/**
 * An invoice's vendor is the vendor of its order, canceled or not; a diverted order handed the invoice on. An order
 * is made from its invoice and is never older than it, so the vendors' orders created since the earliest range
 * began hold every invoice of the ranges: orders_vendor_brand_created_live_idx lists a vendor's invoices of the
 * scope's brands from the index alone, without reading all of the brand's.
 */
function invoiceOfVendors(scope: Scope & { vendorIds: number[] }, ranges: DayRange[]): SQL {
  const since = startOfDay(ranges.map((range) => range.from).sort()[0]).toISOString();
  return sql`i.id in (select o.invoice_id from orders o where ${inList('o.vendor_id', scope.vendorIds)}
    and ${inList('o.brand_id', scope.brandIds)} and o.created_at >= ${since} and o.status_code <> 'diverted'
    and o.deleted_at is null)`;
}

function invoiceInCategories(categoryIds: number[]): SQL {
  return sql`exists (select 1 from invoice_products ip join products p on p.id = ip.product_id
    where ip.invoice_id = i.id and ${inList('p.category_id', categoryIds)})`;
}

/** Invoices `i` of the scope created in the ranges, in one of `statuses` when given. */
export function invoiceWhere(
  scope: Scope,
  ranges: DayRange[],
  options: { statuses?: readonly string[]; notCanceled?: boolean } = {},
): SQL {
  return allOf([
    inList('i.brand_id', scope.brandIds),
    options.statuses ? inList('i.status_code', options.statuses) : undefined,
    options.notCanceled ? sql`i.status_code <> 'canceled'` : undefined,
    instantIn('i.created_at', ranges),
    scope.channelIds ? inList('i.channel_id', scope.channelIds) : undefined,
    scope.vendorIds ? invoiceOfVendors({ ...scope, vendorIds: scope.vendorIds }, ranges) : undefined,
    scope.categoryIds ? invoiceInCategories(scope.categoryIds) : undefined,
  ]);
}

/** Orders `o` of the scope created in the ranges, in one of `statuses`. */
export function orderWhere(scope: Scope, ranges: DayRange[], statuses: readonly OrderStatusCode[]): SQL {
  return allOf([
    inList('o.brand_id', scope.brandIds),
    scope.vendorIds ? inList('o.vendor_id', scope.vendorIds) : undefined,
    inList('o.status_code', statuses),
    sql`o.deleted_at is null`,
    instantIn('o.created_at', ranges),
    scope.channelIds ? inList('o.channel_id', scope.channelIds) : undefined,
    scope.categoryIds
      ? sql`exists (select 1 from order_products op join products p on p.id = op.product_id
          where op.order_id = o.id and ${inList('p.category_id', scope.categoryIds)})`
      : undefined,
  ]);
}

/** daily_invoice_rollups and daily_customer_rollups know brand and channel only, not vendor or category. */
export function fitsInvoiceRollups(scope: Scope): boolean {
  return scope.vendorIds === null && scope.categoryIds === null;
}

/**
 * The rows `r` of the invoice rollups kept per brand, channel and day (daily_invoice_rollups, daily_customer_rollups,
 * daily_payment_rollups) of the scope's brands and channels in the ranges: for scopes that fitsInvoiceRollups.
 */
export function invoiceRollupWhere(scope: Scope, ranges: DayRange[]): SQL {
  return allOf([
    inList('r.brand_id', scope.brandIds),
    scope.channelIds ? inList('r.channel_id', scope.channelIds) : undefined,
    dayIn('r.date', ranges),
  ]);
}

/**
 * daily_vendor_invoice_rollups counts an invoice once for each of its vendors, so it answers for one vendor's
 * invoices (a vendor's own dashboard, or one vendor chosen), without a category filter.
 */
export function fitsVendorInvoiceRollups(scope: Scope): boolean {
  return scope.vendorIds?.length === 1 && scope.categoryIds === null;
}

/**
 * The rows `r` of daily_vendor_invoice_rollups of the scope's one vendor (fitsVendorInvoiceRollups), its brands and
 * channels, in the ranges.
 */
export function vendorInvoiceRollupWhere(scope: Scope, ranges: DayRange[]): SQL {
  return allOf([
    inList('r.vendor_id', scope.vendorIds ?? []),
    inList('r.brand_id', scope.brandIds),
    dayIn('r.date', ranges),
    scope.channelIds ? inList('r.channel_id', scope.channelIds) : undefined,
  ]);
}

/**
 * The rows `r` of daily_order_status_rollups (every order not deleted, by creation day, vendor and status) of the
 * scope's orders in the ranges and statuses: what orderWhere selects, counted, when no category filter asks for the
 * orders' lines.
 */
export function orderStatusRollupWhere(
  scope: Scope,
  ranges: DayRange[],
  statuses: readonly OrderStatusCode[],
): SQL {
  return allOf([
    inList('r.brand_id', scope.brandIds),
    scope.vendorIds ? inList('r.vendor_id', scope.vendorIds) : undefined,
    scope.channelIds ? inList('r.channel_id', scope.channelIds) : undefined,
    inList('r.status_code', statuses),
    dayIn('r.date', ranges),
  ]);
}
