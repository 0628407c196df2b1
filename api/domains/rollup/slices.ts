import { sql, type SQL } from 'drizzle-orm';
import { jakartaDate, jakartaDayEnd, jakartaDayStart } from '../../db/jakarta';

/**
 * The unit of the rollups' recomputation: one Jakarta day of one (brand, vendor, channel) for the order rollups,
 * of one (brand, channel) for the invoice rollups. The order rollups are locked per (brand, vendor, channel)
 * instead, every day at once, because the status totals are kept over all days.
 */

export type OrderSliceRow = { createdAt: Date; brandId: number; vendorId: number; channelId: number };
export type InvoiceSliceRow = { createdAt: Date; brandId: number; channelId: number };

export type OrderSlice = {
  key: string;
  lockKey: string;
  date: string;
  brandId: number;
  vendorId: number;
  channelId: number;
};
export type InvoiceSlice = { key: string; date: string; brandId: number; channelId: number };

/**
 * Advisory lock namespaces: one for (brand, vendor, channel) of the orders, one for invoice slices, one for the
 * buyer rollups of a brand (a buyer's rows span all their days, so they are locked by brand).
 */
const ORDER_SLICE_LOCK = 71_001;
const INVOICE_SLICE_LOCK = 71_002;
const BUYER_BRAND_LOCK = 71_003;

export function orderSliceOf(row: OrderSliceRow): OrderSlice {
  const date = jakartaDate(row.createdAt);
  const lockKey = `${row.brandId}:${row.vendorId}:${row.channelId}`;
  return {
    key: `${date}:${lockKey}`,
    lockKey,
    date,
    brandId: row.brandId,
    vendorId: row.vendorId,
    channelId: row.channelId,
  };
}

export function invoiceSliceOf(row: InvoiceSliceRow): InvoiceSlice {
  const date = jakartaDate(row.createdAt);
  return {
    key: `${date}:${row.brandId}:${row.channelId}`,
    date,
    brandId: row.brandId,
    channelId: row.channelId,
  };
}

/** FNV-1a, folded to a signed 32-bit integer as pg_advisory_xact_lock(int, int) wants. */
function hash32(text: string) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** One statement taking the slices' transaction-scoped advisory locks, in one global order. */
export function lockSlices(
  orderKeys: Iterable<string>,
  invoiceKeys: Iterable<string>,
  buyerBrandIds: Iterable<number>,
) {
  const locks = [
    ...[...orderKeys].map((key) => [ORDER_SLICE_LOCK, hash32(key)] as const),
    ...[...invoiceKeys].map((key) => [INVOICE_SLICE_LOCK, hash32(key)] as const),
    ...[...buyerBrandIds].map((brandId) => [BUYER_BRAND_LOCK, brandId] as const),
  ].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const rows = locks.map(([namespace, key]) => sql`(${namespace}::int, ${key}::int)`);
  return sql`select pg_advisory_xact_lock(k.namespace, k.key)
    from (values ${sql.join(rows, sql`, `)}) as k(namespace, key) order by k.namespace, k.key`;
}

function createdOn(alias: string, date: string) {
  const column = sql`${sql.identifier(alias)}.created_at`;
  return sql`${column} >= ${jakartaDayStart(date).toISOString()}::timestamptz
    and ${column} < ${jakartaDayEnd(date).toISOString()}::timestamptz`;
}

function anyOf(conditions: SQL[]) {
  return sql.join(
    conditions.map((condition) => sql`(${condition})`),
    sql` or `,
  );
}

/**
 * The raw orders (`o`) of the slices. Spelled out with the values rather than joined to a list of slices, so the
 * planner sees them and takes the (brand_id, vendor_id, channel_id, created_at) index.
 */
export function ordersInSlices(slices: OrderSlice[]) {
  return anyOf(
    slices.map(
      (slice) => sql`o.brand_id = ${slice.brandId}::int and o.vendor_id = ${slice.vendorId}::int
        and o.channel_id = ${slice.channelId}::int and ${createdOn('o', slice.date)}`,
    ),
  );
}

/** The raw invoices (`i`) of the slices. */
export function invoicesInSlices(slices: InvoiceSlice[]) {
  return anyOf(
    slices.map(
      (slice) => sql`i.brand_id = ${slice.brandId}::int and i.channel_id = ${slice.channelId}::int
        and ${createdOn('i', slice.date)}`,
    ),
  );
}

/** The rollup rows (`t`) of order slices. */
export function orderRollupsInSlices(slices: OrderSlice[]) {
  return anyOf(
    slices.map(
      (slice) => sql`t.date = ${slice.date}::date and t.brand_id = ${slice.brandId}::int
        and t.vendor_id = ${slice.vendorId}::int and t.channel_id = ${slice.channelId}::int`,
    ),
  );
}

export function invoiceRollupsInSlices(slices: InvoiceSlice[]) {
  return anyOf(
    slices.map(
      (slice) => sql`t.date = ${slice.date}::date and t.brand_id = ${slice.brandId}::int
        and t.channel_id = ${slice.channelId}::int`,
    ),
  );
}
