import { sql, type SQL } from 'drizzle-orm';
import { addContributions, recomputedOf, replaceSlices } from './apply';
import { changesInvoiceVendors, type InvoiceState, type OrderState } from './contributions';
import { jakartaDate, jakartaDaySql } from '../../db/jakarta';
import {
  invoiceRollupsInSlices,
  invoicesInSlices,
  ordersInSlices,
  type InvoiceSlice,
  type OrderSlice,
} from './slices';
import {
  BUYER_CITIES,
  BUYER_GENDERS,
  BUYER_PROFILES,
  BUYER_VENDORS,
  BUYERS,
  buyerCityRows,
  buyerDays,
  buyerGenderRows,
  buyerProfileRows,
  buyerRows,
  buyerVendorRows,
  keptProfiles,
  keptVisits,
} from './buyer-statements';
import type { RollupTable } from './statements';

/**
 * Upkeep of the buyer rollups (buyer-statements.ts). A buyer's rows there depend on all of their purchase days, so
 * a change is not one invoice's contribution: every buyer a write touches has their rows recomputed, in CTEs of
 * the flush's one statement, which read daily_customer_rollups as it was before the statement updates it. daily_buyer_rollups, daily_buyer_gender_rollups and daily_buyer_city_rollups get the new rows (from
 * the raw invoices, orders and customers) minus the old ones (from the rollups and buyer_rollup_profiles);
 * daily_buyer_vendor_rollups and buyer_rollup_profiles the new rows in place of the old.
 */

type Buyer = { brandId: number; customerId: number };

export type TouchedBuyers = {
  buyers: Map<string, Buyer>;
  /** Orders whose invoice's buyer is touched: their vendor, diversion or deletion changed. */
  orderIds: Set<number>;
};

export function noTouchedBuyers(): TouchedBuyers {
  return { buyers: new Map(), orderIds: new Set() };
}

function touch(touched: TouchedBuyers, state: InvoiceState) {
  if (state.customerId === null) return;
  const buyer = { brandId: state.brandId, customerId: state.customerId };
  touched.buyers.set(`${buyer.brandId}:${buyer.customerId}`, buyer);
}

/** What of an invoice the buyer rollups read; null when they do not see it. */
function buyerFacts(state: InvoiceState) {
  if (state.customerId === null || state.statusCode === 'canceled') return null;
  const { brandId, channelId, customerId, grandTotal, totalProduct } = state;
  return [brandId, channelId, customerId, grandTotal, totalProduct, jakartaDate(state.createdAt)].join(':');
}

/** A new invoice always touches its buyer: ingestion may have changed the buyer's gender and city. */
export function touchInvoice(touched: TouchedBuyers, before: InvoiceState | null, after: InvoiceState) {
  if (before && buyerFacts(before) === buyerFacts(after)) return;
  if (before) touch(touched, before);
  touch(touched, after);
}

export function touchOrder(touched: TouchedBuyers, before: OrderState | null, after: OrderState) {
  if (changesInvoiceVendors(before, after)) touched.orderIds.add(after.id);
}

/** The brands of the touched buyers, whose buyer rollups the flush locks (see lockSlices). */
export function touchedBrands(
  touched: TouchedBuyers,
  orders: OrderState[],
  orderSlices: OrderSlice[],
  invoiceSlices: InvoiceSlice[],
) {
  return new Set([
    ...[...touched.buyers.values()].map((buyer) => buyer.brandId),
    ...orders.filter((order) => touched.orderIds.has(order.id)).map((order) => order.brandId),
    ...orderSlices.map((slice) => slice.brandId),
    ...invoiceSlices.map((slice) => slice.brandId),
  ]);
}

/** The touched buyers as a query of (brand_id, customer_id); recomputed slices touch every buyer in them. */
function touchedQuery(touched: TouchedBuyers, orderSlices: OrderSlice[], invoiceSlices: InvoiceSlice[]) {
  const parts: SQL[] = [];
  if (touched.buyers.size) {
    const rows = [...touched.buyers.values()].map(
      (buyer) => sql`(${buyer.brandId}::int, ${buyer.customerId}::int)`,
    );
    parts.push(sql`select * from (values ${sql.join(rows, sql`, `)}) as b(brand_id, customer_id)`);
  }
  const orderConditions: SQL[] = [];
  if (touched.orderIds.size)
    orderConditions.push(
      sql`o.id in (${sql.join(
        [...touched.orderIds].map((id) => sql`${id}::int`),
        sql`, `,
      )})`,
    );
  if (orderSlices.length) orderConditions.push(sql`(${ordersInSlices(orderSlices)})`);
  if (orderConditions.length)
    parts.push(sql`select i.brand_id, i.customer_id from orders o join invoices i on i.id = o.invoice_id
      where i.customer_id is not null and (${sql.join(orderConditions, sql` or `)})`);
  if (invoiceSlices.length) {
    parts.push(sql`select i.brand_id, i.customer_id from invoices i
      where i.customer_id is not null and (${invoicesInSlices(invoiceSlices)})`);
    parts.push(sql`select t.brand_id, t.customer_id from daily_customer_rollups t
      where ${invoiceRollupsInSlices(invoiceSlices)}`);
  }
  return parts.length ? sql.join(parts, sql` union `) : null;
}

function ofTouched(alias: string) {
  const at = (column: string) => sql.raw(`${alias}.${column}`);
  return sql`(${at('brand_id')}, ${at('customer_id')}) in (select brand_id, customer_id from touched_buyers)`;
}

/** The new rows of `table` from `fresh` minus its old rows `old`. */
function changeOf(table: RollupTable, fresh: SQL, old: SQL) {
  const keys = table.keys.join(', ');
  const measures = table.measures.join(', ');
  const negated = table.measures.map((measure) => `-${measure}`).join(', ');
  return addContributions(
    table,
    sql`select ${sql.raw(`${keys}, ${measures}`)} from (${fresh}) fresh
      union all
      select ${sql.raw(`${keys}, ${negated}`)} from (${old}) old`,
  );
}

/** The CTEs recomputing the touched buyers' rows, or none when no buyer is touched. */
export function planBuyers(
  touched: TouchedBuyers,
  orderSlices: OrderSlice[],
  invoiceSlices: InvoiceSlice[],
): SQL[] {
  const query = touchedQuery(touched, orderSlices, invoiceSlices);
  if (!query) return [];
  const [freshDays, oldDays] = [sql`select * from touched_days`, sql`select * from kept_days`];
  const oldProfiles = keptProfiles(ofTouched('b'));
  // Gender and city come with invoices; a write that only moves orders between vendors leaves them as they are.
  const profilesMayChange = touched.buyers.size > 0 || orderSlices.length > 0 || invoiceSlices.length > 0;
  const freshProfiles = profilesMayChange
    ? sql.raw(`select customer_id, gender, city from ${recomputedOf(BUYER_PROFILES)}`)
    : oldProfiles;
  return [
    sql`touched_buyers as materialized (${query})`,
    replaceSlices(BUYER_VENDORS, buyerVendorRows(ofTouched('i')), ofTouched('t')),
    ...(profilesMayChange
      ? [replaceSlices(BUYER_PROFILES, buyerProfileRows(ofTouched('b')), ofTouched('t'))]
      : []),
    sql`touched_visits as materialized (
      select i.brand_id, i.customer_id, ${jakartaDaySql(sql`i.created_at`)} as date, 0 as vendor_id,
        i.channel_id, 1 as invoice_count, i.total_product as items, i.grand_total
      from invoices i
      where i.customer_id is not null and i.status_code <> 'canceled' and ${ofTouched('i')}
      union all
      select f.brand_id, f.customer_id, f.date, f.vendor_id, f.channel_id, f.invoice_count, f.items, f.grand_total
      from ${sql.raw(recomputedOf(BUYER_VENDORS))} f
    )`,
    sql`touched_days as materialized (${buyerDays(sql`select * from touched_visits`)})`,
    sql`kept_days as materialized (${buyerDays(keptVisits(ofTouched('b')))})`,
    changeOf(BUYERS, buyerRows(freshDays), buyerRows(oldDays)),
    changeOf(BUYER_GENDERS, buyerGenderRows(freshDays, freshProfiles), buyerGenderRows(oldDays, oldProfiles)),
    changeOf(BUYER_CITIES, buyerCityRows(freshDays, freshProfiles), buyerCityRows(oldDays, oldProfiles)),
  ];
}
