import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  buyersByDayFromRollups,
  buyersByGenderFromRollups,
  cityTotalsFromRollups,
  fitsBuyerRollups,
  fitsBuyerScope,
  invoicesByCityFromRollups,
} from './buyer-rollup';
import { card, dailySeries, type DayRange, type Period } from './period';
import {
  fitsInvoiceRollups,
  fitsVendorInvoiceRollups,
  invoiceRollupWhere,
  invoiceWhere,
  vendorInvoiceRollupWhere,
} from './raw';
import type { TableQuery } from './schema';
import { fixedShape, readOnce, type Scope } from './scope';
import { allOf, dayIn, jakartaDayOf, joinedRange, num, rangeIndexOf, selectRows } from './sql';
import { limitOffset, orderBy, paged, pageWithTotal, searchAny } from './table';

/**
 * Buyers. A buyer is a customer row: customers are unique per brand by buyer key (normalised phone,
 * else e-mail), so one customer id is one person of one brand. Their invoices are the invoices not canceled at the
 * marketplace, as daily_customer_rollups counts them.
 */

/**
 * (brand, buyer, day) with the invoices, their grand total and items, in the ranges. From daily_customer_rollups
 * for a brand's channels; that rollup knows no vendor or category, so a vendor-side call or a vendor or category
 * filter reads the range's invoices instead (brand and creation index), keeping those of the vendor's orders or
 * with a line in the categories.
 */
function buyerDays(scope: Scope, ranges: DayRange[]): SQL {
  if (fitsInvoiceRollups(scope)) {
    return sql`select r.brand_id, r.customer_id, r.date as day, sum(r.invoice_count) as invoices,
        sum(r.grand_total) as grand_total, sum(r.items) as items
      from daily_customer_rollups r
      where ${invoiceRollupWhere(scope, ranges)}
      group by 1, 2, 3`;
  }
  return sql`select i.brand_id, i.customer_id, ${jakartaDayOf('i.created_at')} as day, count(*) as invoices,
      sum(i.grand_total) as grand_total, sum(i.total_product) as items
    from invoices i
    where ${invoiceWhere(scope, ranges, { notCanceled: true })} and i.customer_id is not null
    group by 1, 2, 3`;
}

/** (brand, buyer, day) of the ranges, a row per channel or invoice: the same sources as buyerDays, without sums. */
function buyerVisits(scope: Scope, ranges: DayRange[]): SQL {
  if (fitsInvoiceRollups(scope)) {
    return sql`select r.brand_id, r.customer_id, r.date as day
      from daily_customer_rollups r
      where ${invoiceRollupWhere(scope, ranges)}`;
  }
  return sql`select i.brand_id, i.customer_id, ${jakartaDayOf('i.created_at')} as day
    from invoices i
    where ${invoiceWhere(scope, ranges, { notCanceled: true })} and i.customer_id is not null`;
}

/**
 * Each buyer of each period once, with the period's first day: (period, brand, buyer) → first day in the period.
 * Materialised, so that what is computed per buyer from it is computed once.
 */
function buyersOf(scope: Scope, period: Period): SQL {
  return sql`buyers as materialized (
    select ${rangeIndexOf('v.day', [period.current, period.last])} as period, v.brand_id, v.customer_id,
      min(v.day) as first_day
    from (${buyerVisits(scope, [period.current, period.last])}) v
    group by 1, 2, 3
  )`;
}

export type BuyerKind = 'new' | 'regular' | 'loyal';

const RETURN_WINDOW_DAYS = 30;

type Kinds = Record<BuyerKind, number>;

/**
 * The buyers of each period, each counted once, on the day of their first invoice in the period:
 * - new: no invoice before the period (their first invoice ever falls in it);
 * - regular: their previous invoice was more than 30 days before that day;
 * - loyal: their previous invoice was within 30 days of it.
 * A buyer's history is all their invoices at the brand, whatever the filters (someone who bought on Shopee last
 * week is not new on Tokopedia today). One statement for both periods; per buyer one backward probe of the
 * (brand_id, customer_id, date) index of daily_customer_rollups finds the previous invoice day. That day lies before
 * the period unless a filter left out an earlier invoice of the period; only then a second probe asks whether the
 * buyer had bought before the period at all. daily_buyer_rollups gives the same counts without reading per buyer
 * when the scope and the ranges fit it.
 */
function buyersPerBuyer(scope: Scope, period: Period): SQL {
  return sql`with ${buyersOf(scope, period)},
      histories as materialized (
        select b.period, b.brand_id, b.customer_id, b.first_day,
          case when b.period = 0 then ${period.current.from}::date else ${period.last.from}::date end as starts,
          b.first_day - (select max(h.date) from daily_customer_rollups h
            where h.brand_id = b.brand_id and h.customer_id = b.customer_id and h.date < b.first_day) as gap
        from buyers b
      )
      select x.period, x.first_day::text as day,
        case
          when x.gap is null then 'new'
          when x.gap <= x.first_day - x.starts and not exists (select 1 from daily_customer_rollups h
            where h.brand_id = x.brand_id and h.customer_id = x.customer_id and h.date < x.starts) then 'new'
          when x.gap > ${RETURN_WINDOW_DAYS} then 'regular'
          else 'loyal'
        end as kind,
        count(*) as buyers
      from histories x
      group by 1, 2, 3`;
}

/** Read once per scope (readOnce): the buyer cards and charts are counts of the same rows. */
function buyersByDay(
  db: Executor,
  scope: Scope,
  period: Period,
): Promise<[Map<string, Kinds>, Map<string, Kinds>]> {
  return readOnce(scope, `buyers ${JSON.stringify(period)}`, () => readBuyersByDay(db, scope, period));
}

async function readBuyersByDay(
  db: Executor,
  scope: Scope,
  period: Period,
): Promise<[Map<string, Kinds>, Map<string, Kinds>]> {
  const fits = fitsBuyerRollups(scope, period);
  const rows = await selectRows<{ period: number; day: string; kind: BuyerKind; buyers: unknown }>(
    db,
    fits ? buyersByDayFromRollups(scope, period) : buyersPerBuyer(scope, period),
    fits && fixedShape(scope) ? 'buyers_by_day' : undefined,
  );
  const periods: [Map<string, Kinds>, Map<string, Kinds>] = [new Map(), new Map()];
  for (const row of rows) {
    const days = periods[Number(row.period)];
    const counts = days.get(row.day) ?? { new: 0, regular: 0, loyal: 0 };
    counts[row.kind] += num(row.buyers);
    days.set(row.day, counts);
  }
  return periods;
}

function countOf(days: Map<string, Kinds>, kinds: BuyerKind[]) {
  let total = 0;
  for (const counts of days.values()) for (const kind of kinds) total += counts[kind];
  return total;
}

const ALL_KINDS: BuyerKind[] = ['new', 'regular', 'loyal'];

/** Buyers of the kinds (all buyers when none named) in each period. */
export async function buyerCard(db: Executor, scope: Scope, period: Period, kinds: BuyerKind[] = ALL_KINDS) {
  const [current, last] = await buyersByDay(db, scope, period);
  return card(countOf(current, kinds), countOf(last, kinds));
}

export async function buyerChart(db: Executor, scope: Scope, period: Period, kind: BuyerKind) {
  const [current, last] = await buyersByDay(db, scope, period);
  return {
    current_period: dailySeries(period.current, 'total_customer', (day) => current.get(day)?.[kind] ?? 0),
    last_period: dailySeries(period.last, 'total_customer', (day) => last.get(day)?.[kind] ?? 0),
  };
}

/**
 * Buyers of each period by gender; a buyer whose gender is unknown counts under others. From
 * daily_buyer_gender_rollups when the scope and ranges fit it.
 */
export async function genderChart(db: Executor, scope: Scope, period: Period) {
  const fits = fitsBuyerRollups(scope, period);
  const rows = await selectRows<{ gender: string | null; current: unknown; last: unknown }>(
    db,
    fits
      ? buyersByGenderFromRollups(scope, period)
      : sql`with ${buyersOf(scope, period)}
        select c.gender,
          count(*) filter (where b.period = 0) as current,
          count(*) filter (where b.period = 1) as last
        from buyers b join customers c on c.id = b.customer_id
        group by c.gender`,
    fits && fixedShape(scope) ? 'buyers_by_gender' : undefined,
  );
  const split = (column: 'current' | 'last') => {
    const counts = { others: 0, male: 0, female: 0 };
    for (const row of rows) {
      const key = row.gender === 'male' || row.gender === 'female' ? row.gender : 'others';
      counts[key] += num(row[column]);
    }
    return counts;
  };
  return { current_period: split('current'), last_period: split('last') };
}

function rankedRows<K extends string, V extends string>(
  rows: { key: string | null; current: unknown; last: unknown }[],
  keyField: K,
  valueField: V,
) {
  const list = (column: 'current' | 'last') =>
    rows
      .map((row) => ({ key: row.key, value: num(row[column]) }))
      .filter((row) => row.value > 0)
      .sort((a, b) => b.value - a.value || String(a.key).localeCompare(String(b.key)))
      .map(
        (row) =>
          ({ [keyField]: row.key, [valueField]: row.value }) as Record<K, string | null> & Record<V, number>,
      );
  return { current_period: list('current'), last_period: list('last') };
}

/** (payment method, figure of the current period, of the last) of the invoices not canceled. */
function paymentMethodRows(scope: Scope, period: Period): SQL {
  if (fitsInvoiceRollups(scope) || fitsVendorInvoiceRollups(scope)) {
    const [table, where] = fitsInvoiceRollups(scope)
      ? [sql`daily_payment_rollups`, invoiceRollupWhere(scope, [period.current, period.last])]
      : [
          sql`daily_vendor_invoice_rollups`,
          sql`${vendorInvoiceRollupWhere(scope, [period.current, period.last])} and r.status_code <> 'canceled'`,
        ];
    return sql`select case when r.has_payment_method then r.payment_method end as key,
        sum(r.invoice_count) filter (where ${dayIn('r.date', [period.current])}) as current,
        sum(r.invoice_count) filter (where ${dayIn('r.date', [period.last])}) as last
      from ${table} r
      where ${where}
      group by 1`;
  }
  return sql`select i.payment_method as key,
      count(*) filter (where ${createdIn(period.current)}) as current,
      count(*) filter (where ${createdIn(period.last)}) as last
    from invoices i
    where ${invoiceWhere(scope, [period.current, period.last], { notCanceled: true })}
    group by i.payment_method`;
}

/**
 * Invoices (not canceled) of each period per payment method, most used first. daily_payment_rollups knows brand
 * and channel only, daily_vendor_invoice_rollups one vendor's invoices too: a category filter, or several vendors,
 * count the range's invoices through the brand and creation index.
 */
export async function paymentMethodChart(db: Executor, scope: Scope, period: Period) {
  const rows = await selectRows<{ key: string | null; current: unknown; last: unknown }>(
    db,
    paymentMethodRows(scope, period),
    fixedShape(scope) && joinedRange([period.current, period.last]) ? 'payment_methods' : undefined,
  );
  return rankedRows(rows, 'payment_method', 'total_payment');
}

function createdIn(range: DayRange): SQL {
  return sql`${jakartaDayOf('i.created_at')} between ${range.from} and ${range.to}`;
}

/**
 * Invoices of each period per buyer city (the customer's city), most first; an unknown city is null. From
 * daily_buyer_city_rollups when the scope fits it.
 */
export async function cityChart(db: Executor, scope: Scope, period: Period) {
  const fits = fitsBuyerScope(scope);
  const rows = await selectRows<{ key: string | null; current: unknown; last: unknown }>(
    db,
    fits
      ? invoicesByCityFromRollups(scope, period)
      : sql`with days as (${buyerDays(scope, [period.current, period.last])})
        select c.city as key,
          sum(d.invoices) filter (where ${dayIn('d.day', [period.current])}) as current,
          sum(d.invoices) filter (where ${dayIn('d.day', [period.last])}) as last
        from days d join customers c on c.id = d.customer_id
        group by c.city`,
    fits && fixedShape(scope) ? 'invoices_by_city' : undefined,
  );
  return rankedRows(rows, 'city', 'total_order');
}

const CITY_SORT = {
  recipient_city: 'city',
  total_customer: 'total_customer',
  total_order: 'total_order',
  total_item: 'total_item',
  grand_total: 'grand_total',
};

type CityRow = {
  city: string | null;
  total_customer: unknown;
  total_order: unknown;
  total_item: unknown;
  grand_total: unknown;
};

/**
 * "Performa Pembeli" by buyer city over the range: buyers, invoices, items and grand total. Cities have no
 * creation time, so the default order is by grand total, largest first. The page carries the number of cities.
 * From daily_buyer_city_rollups when the scope and range fit it.
 */
export async function cityTable(db: Executor, scope: Scope, period: Period, query: TableQuery) {
  const grouped = fitsBuyerRollups(scope, period)
    ? cityTotalsFromRollups(scope, period, query.search)
    : sql`select c.city, count(distinct d.customer_id) as total_customer, sum(d.invoices)::bigint as total_order,
      sum(d.items)::bigint as total_item, sum(d.grand_total)::bigint as grand_total
    from (${buyerDays(scope, [period.current])}) d join customers c on c.id = d.customer_id
    where ${allOf([searchAny(['c.city'], query.search)])}
    group by c.city`;
  const { rows, total } = await pageWithTotal<CityRow>(
    db,
    query,
    sql`select g.*, count(*) over () as total_rows from (${grouped}) g
      ${orderBy(CITY_SORT, query, 'grand_total', 'city')} ${limitOffset(query)}`,
    sql`select count(*) as total from (${grouped}) g`,
  );
  return paged(
    query,
    rows.map((row) => ({
      recipient_city: row.city,
      total_customer: num(row.total_customer),
      total_order: num(row.total_order),
      total_item: num(row.total_item),
      grand_total: num(row.grand_total),
    })),
    total,
  );
}
