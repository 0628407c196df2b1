import { sql, type SQL } from 'drizzle-orm';
import { BUYER_ROLLUP_DAYS } from '../../db/schema';
import { jakartaDaySql } from '../../db/jakarta';
import { andWithin, type RollupTable } from './statements';

/**
 * The buyer rollups, kept per buyer (see buyers.ts). daily_buyer_rollups, daily_buyer_gender_rollups and
 * daily_buyer_city_rollups are computed from the buyers' purchase days (daily_customer_rollups,
 * daily_buyer_vendor_rollups) and profiles (buyer_rollup_profiles), so the rebuild fills them after those. `within` is a condition on the buyers: on invoices
 * `i` for BUYER_VENDORS, on rows `b` (with brand_id and customer_id) for the others.
 */

export const BUYER_VENDORS: RollupTable = {
  name: 'daily_buyer_vendor_rollups',
  alias: 'buyer_vendors',
  keys: ['brand_id', 'customer_id', 'date', 'vendor_id', 'channel_id'],
  measures: ['invoice_count', 'grand_total', 'items'],
  rows: buyerVendorRows,
};

/** Keyed by buyer; brand, gender and city are what a buyer's row holds. */
export const BUYER_PROFILES: RollupTable = {
  name: 'buyer_rollup_profiles',
  alias: 'buyer_profiles',
  keys: ['customer_id'],
  measures: ['brand_id', 'gender', 'city'],
  rows: buyerProfileRows,
};

export const BUYERS: RollupTable = {
  name: 'daily_buyer_rollups',
  alias: 'buyers',
  keys: ['brand_id', 'vendor_id', 'channel_id', 'date', 'gap', 'age', 'regular'],
  measures: ['buyers'],
  rows: (within) => buyerRows(buyerDays(keptVisits(within))),
};

export const BUYER_GENDERS: RollupTable = {
  name: 'daily_buyer_gender_rollups',
  alias: 'buyer_genders',
  keys: ['brand_id', 'vendor_id', 'channel_id', 'date', 'gap', 'gender'],
  measures: ['buyers'],
  rows: (within) => buyerGenderRows(buyerDays(keptVisits(within)), keptProfiles(within)),
};

export const BUYER_CITIES: RollupTable = {
  name: 'daily_buyer_city_rollups',
  alias: 'buyer_cities',
  keys: ['brand_id', 'vendor_id', 'channel_id', 'date', 'gap', 'has_city', 'city'],
  measures: ['buyers', 'invoice_count', 'items', 'grand_total'],
  rows: (within) => buyerCityRows(buyerDays(keptVisits(within)), keptProfiles(within)),
};

export const BUYER_ROLLUPS = [BUYER_VENDORS, BUYER_PROFILES, BUYERS, BUYER_GENDERS, BUYER_CITIES] as const;

function whereWithin(within: SQL | null) {
  return within ? sql`where ${within}` : sql``;
}

/** The buyers' purchase days as the rollups hold them (see buyerDays). */
export function keptVisits(within: SQL | null) {
  return sql`select b.brand_id, b.customer_id, b.date, 0 as vendor_id, b.channel_id, b.invoice_count, b.items,
      b.grand_total
    from daily_customer_rollups b ${whereWithin(within)}
    union all
    select b.brand_id, b.customer_id, b.date, b.vendor_id, b.channel_id, b.invoice_count, b.items, b.grand_total
    from daily_buyer_vendor_rollups b ${whereWithin(within)}`;
}

export function keptProfiles(within: SQL | null) {
  return sql`select b.customer_id, b.gender, b.city from buyer_rollup_profiles b ${whereWithin(within)}`;
}

/**
 * An invoice's vendors are the vendors of its orders not diverted, canceled or not (a diverted order handed the
 * invoice on); distinct, as an invoice may hold a canceled order and a live one at the same vendor.
 */
export function buyerVendorRows(within: SQL | null) {
  return sql`
    select i.brand_id, i.customer_id, ${jakartaDaySql(sql`i.created_at`)} as date, o.vendor_id, i.channel_id,
      count(*) as invoice_count, sum(i.grand_total) as grand_total, sum(i.total_product) as items
    from invoices i
    cross join lateral (select distinct o.vendor_id from orders o
      where o.invoice_id = i.id and o.status_code <> 'diverted' and o.deleted_at is null) o
    where i.customer_id is not null and i.status_code <> 'canceled' ${andWithin(within)}
    group by 1, 2, 3, 4, 5`;
}

/** Every customer with an invoice not canceled: gender 'male', 'female' or 'others' (unknown), and city. */
export function buyerProfileRows(within: SQL | null) {
  return sql`
    select b.customer_id, b.brand_id, b.gender, b.city from (
      select c.id as customer_id, c.brand_id,
        case when c.gender in ('male', 'female') then c.gender else 'others' end as gender, c.city
      from customers c
      where exists (select 1 from invoices i where i.customer_id = c.id and i.status_code <> 'canceled')
    ) b ${whereWithin(within)}`;
}

/**
 * Each buyer's purchase days in each scope, with the gap to their previous day in it (null for none) and the
 * day's invoices, from `visits`: rows (brand_id, customer_id, date, vendor_id, channel_id, invoice_count, items,
 * grand_total), vendor_id 0 for every purchase day of the brand (of daily_customer_rollups) and the vendor for the
 * vendors' (of daily_buyer_vendor_rollups). Each visit also counts for its vendor with any channel (channel_id 0).
 * The days with vendor and channel 0 are the buyer's history at the brand.
 */
export function buyerDays(visits: SQL) {
  return sql`
    with visits as (${visits}),
    scoped as (
      select v.brand_id, v.customer_id, v.date, v.vendor_id, v.channel_id, sum(v.invoice_count) as invoice_count,
        sum(v.items) as items, sum(v.grand_total) as grand_total
      from visits v
      group by 1, 2, 3, 4, 5
      union all
      select v.brand_id, v.customer_id, v.date, v.vendor_id, 0, sum(v.invoice_count), sum(v.items),
        sum(v.grand_total)
      from visits v
      group by 1, 2, 3, 4
    )
    select s.*,
      s.date - lag(s.date) over (partition by s.brand_id, s.customer_id, s.vendor_id, s.channel_id order by s.date)
        as gap
    from scoped s`;
}

const CAP = sql.raw(String(BUYER_ROLLUP_DAYS));

/** daily_buyer_rollups' rows from the buyers' purchase days `days` (of buyerDays): age and regular come from the history. */
export function buyerRows(days: SQL) {
  return sql`
    with days as (${days}),
    history as (
      select d.brand_id, d.customer_id, d.date, d.date - min(d.date) over w as age, d.date - lag(d.date) over w as previous
      from days d
      where d.vendor_id = 0 and d.channel_id = 0
      window w as (partition by d.brand_id, d.customer_id order by d.date)
    )
    select d.brand_id, d.vendor_id, d.channel_id, d.date, least(coalesce(d.gap, 0), ${CAP}) as gap,
      least(h.age, ${CAP}) as age, coalesce(h.previous > 30, false) as regular, count(*) as buyers
    from days d
    join history h on h.brand_id = d.brand_id and h.customer_id = d.customer_id and h.date = d.date
    group by 1, 2, 3, 4, 5, 6, 7`;
}

/** daily_buyer_gender_rollups' rows from the buyers' purchase days and `profiles` (customer_id, gender, city). */
export function buyerGenderRows(days: SQL, profiles: SQL) {
  return sql`
    select d.brand_id, d.vendor_id, d.channel_id, d.date, least(coalesce(d.gap, 0), ${CAP}) as gap, g.gender,
      count(*) as buyers
    from (${days}) d
    join (${profiles}) g on g.customer_id = d.customer_id
    group by 1, 2, 3, 4, 5, 6`;
}

/** daily_buyer_city_rollups' rows from the buyers' purchase days and `profiles` (customer_id, gender, city). */
export function buyerCityRows(days: SQL, profiles: SQL) {
  return sql`
    select d.brand_id, d.vendor_id, d.channel_id, d.date, least(coalesce(d.gap, 0), ${CAP}) as gap,
      g.city is not null as has_city, coalesce(g.city, '') as city, count(*) as buyers,
      sum(d.invoice_count) as invoice_count, sum(d.items) as items, sum(d.grand_total) as grand_total
    from (${days}) d
    join (${profiles}) g on g.customer_id = d.customer_id
    group by 1, 2, 3, 4, 5, 6, 7`;
}
