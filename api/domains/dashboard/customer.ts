import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { card, dailySeries, type DayRange, type Period } from './period';
import { fitsInvoiceRollups, invoiceWhere } from './raw';
import type { TableQuery } from './schema';
import type { Scope } from './scope';
import { allOf, dayIn, inList, jakartaDayOf, num, selectRows } from './sql';
import { limitOffset, orderBy, paged, searchAny } from './table';

/**
 * Buyers (DESIGN §5). A buyer is a customer row: customers are unique per brand by buyer key (normalised phone,
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
      where ${allOf([
        inList('r.brand_id', scope.brandIds),
        scope.channelIds ? inList('r.channel_id', scope.channelIds) : undefined,
        dayIn('r.date', ranges),
      ])}
      group by 1, 2, 3`;
  }
  return sql`select i.brand_id, i.customer_id, ${jakartaDayOf('i.created_at')} as day, count(*) as invoices,
      sum(i.grand_total) as grand_total, sum(i.total_product) as items
    from invoices i
    where ${invoiceWhere(scope, ranges, { notCanceled: true })} and i.customer_id is not null
    group by 1, 2, 3`;
}

export type BuyerKind = 'new' | 'regular' | 'loyal';

const RETURN_WINDOW_DAYS = 30;

/**
 * The buyers of a range, each counted once, on the day of their first invoice in the range:
 * - new: no invoice before the range (their first invoice ever falls in it);
 * - regular: their previous invoice was more than 30 days before that day;
 * - loyal: their previous invoice was within 30 days of it.
 * A buyer's history is all their invoices at the brand, whatever the filters (someone who bought on Shopee last
 * week is not new on Tokopedia today). The per-buyer look-ups of that history (first and previous invoice day) go
 * through the (brand_id, customer_id, date) index of daily_customer_rollups: two index probes per buyer of the range.
 */
async function buyersByDay(db: Executor, scope: Scope, range: DayRange) {
  const rows = await selectRows<{ day: string; new: unknown; regular: unknown; loyal: unknown }>(
    db,
    sql`with days as (${buyerDays(scope, [range])}),
      buyers as (select brand_id, customer_id, min(day) as first_day from days group by 1, 2),
      classified as (
        select b.first_day,
          not exists (select 1 from daily_customer_rollups h
            where h.brand_id = b.brand_id and h.customer_id = b.customer_id and h.date < ${range.from}) as is_new,
          (select max(h.date) from daily_customer_rollups h
            where h.brand_id = b.brand_id and h.customer_id = b.customer_id and h.date < b.first_day) as previous_day
        from buyers b
      )
      select first_day::text as day,
        count(*) filter (where is_new or previous_day is null) as new,
        count(*) filter (where not is_new and first_day - previous_day > ${RETURN_WINDOW_DAYS}) as regular,
        count(*) filter (where not is_new and first_day - previous_day <= ${RETURN_WINDOW_DAYS}) as loyal
      from classified
      group by first_day`,
  );
  return new Map(
    rows.map((row) => [row.day, { new: num(row.new), regular: num(row.regular), loyal: num(row.loyal) }]),
  );
}

type Kinds = Record<BuyerKind, number>;

function countOf(days: Map<string, Kinds>, kinds: BuyerKind[], day?: string) {
  let total = 0;
  for (const [date, counts] of days) {
    if (day === undefined || date === day) for (const kind of kinds) total += counts[kind];
  }
  return total;
}

const ALL_KINDS: BuyerKind[] = ['new', 'regular', 'loyal'];

/** Buyers of the kinds (all buyers when none named) in each period. */
export async function buyerCard(db: Executor, scope: Scope, period: Period, kinds: BuyerKind[] = ALL_KINDS) {
  const [current, last] = await Promise.all([
    buyersByDay(db, scope, period.current),
    buyersByDay(db, scope, period.last),
  ]);
  return card(countOf(current, kinds), countOf(last, kinds));
}

export async function buyerChart(db: Executor, scope: Scope, period: Period, kind: BuyerKind) {
  const [current, last] = await Promise.all([
    buyersByDay(db, scope, period.current),
    buyersByDay(db, scope, period.last),
  ]);
  return {
    current_period: dailySeries(period.current, 'total_customer', (day) => countOf(current, [kind], day)),
    last_period: dailySeries(period.last, 'total_customer', (day) => countOf(last, [kind], day)),
  };
}

/** Buyers of each period by gender; a buyer whose gender is unknown counts under others. */
export async function genderChart(db: Executor, scope: Scope, period: Period) {
  const rows = await selectRows<{ gender: string | null; current: unknown; last: unknown }>(
    db,
    sql`with days as (${buyerDays(scope, [period.current, period.last])})
      select c.gender,
        count(distinct d.customer_id) filter (where ${dayIn('d.day', [period.current])}) as current,
        count(distinct d.customer_id) filter (where ${dayIn('d.day', [period.last])}) as last
      from days d join customers c on c.id = d.customer_id
      group by c.gender`,
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

/**
 * Invoices (not canceled) of each period per payment method, most used first. The payment method is a column of
 * the invoice only, in no rollup, so this counts the range's invoices through the brand and creation index.
 */
export async function paymentMethodChart(db: Executor, scope: Scope, period: Period) {
  const rows = await selectRows<{ key: string | null; current: unknown; last: unknown }>(
    db,
    sql`select i.payment_method as key,
        count(*) filter (where ${createdIn(period.current)}) as current,
        count(*) filter (where ${createdIn(period.last)}) as last
      from invoices i
      where ${invoiceWhere(scope, [period.current, period.last], { notCanceled: true })}
      group by i.payment_method`,
  );
  return rankedRows(rows, 'payment_method', 'total_payment');
}

function createdIn(range: DayRange): SQL {
  return sql`${jakartaDayOf('i.created_at')} between ${range.from} and ${range.to}`;
}

/** Invoices of each period per buyer city (the customer's city), most first; an unknown city is null. */
export async function cityChart(db: Executor, scope: Scope, period: Period) {
  const rows = await selectRows<{ key: string | null; current: unknown; last: unknown }>(
    db,
    sql`with days as (${buyerDays(scope, [period.current, period.last])})
      select c.city as key,
        sum(d.invoices) filter (where ${dayIn('d.day', [period.current])}) as current,
        sum(d.invoices) filter (where ${dayIn('d.day', [period.last])}) as last
      from days d join customers c on c.id = d.customer_id
      group by c.city`,
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
 * creation time, so the default order is by grand total, largest first.
 */
export async function cityTable(db: Executor, scope: Scope, period: Period, query: TableQuery) {
  const grouped = sql`select c.city, count(distinct d.customer_id) as total_customer, sum(d.invoices)::bigint as total_order,
      sum(d.items)::bigint as total_item, sum(d.grand_total)::bigint as grand_total
    from (${buyerDays(scope, [period.current])}) d join customers c on c.id = d.customer_id
    where ${allOf([searchAny(['c.city'], query.search)])}
    group by c.city`;
  const [rows, [{ total }]] = await Promise.all([
    selectRows<CityRow>(
      db,
      sql`select * from (${grouped}) g ${orderBy(CITY_SORT, query, 'grand_total', 'city')} ${limitOffset(query)}`,
    ),
    selectRows<{ total: unknown }>(db, sql`select count(*) as total from (${grouped}) g`),
  ]);
  return paged(
    query,
    rows.map((row) => ({
      recipient_city: row.city,
      total_customer: num(row.total_customer),
      total_order: num(row.total_order),
      total_item: num(row.total_item),
      grand_total: num(row.grand_total),
    })),
    num(total),
  );
}
