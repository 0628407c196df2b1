import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { card, round2, type Period } from './period';
import { salesByDay, salesRollupOf, salesRollupWhere, slaHours, totalOver } from './sales-rollup';
import type { TableQuery } from './schema';
import type { Scope } from './scope';
import { allOf, inList, num, numOrNull, selectRows } from './sql';
import { inStockRollupWhere } from './stock';
import { limitOffset, orderBy, paged, searchAny } from './table';

function roundedOrNull(value: number | null) {
  return value === null ? null : round2(value);
}

/** Mean hours from creation to ready_to_deliver over the orders of each period (ready_seconds ÷ ready_count). */
export async function averageSlaCard(db: Executor, scope: Scope, period: Period) {
  const days = await salesByDay(db, scope, [period.current, period.last]);
  return card(
    roundedOrNull(slaHours(totalOver(days, period.current))),
    roundedOrNull(slaHours(totalOver(days, period.last))),
  );
}

const VENDOR_SORT = {
  created_at: 'v.created_at',
  name: 'v.name',
  city: 'v.city',
  in_stock_rate: 'stock.rate',
  sla: 'sales.sla',
  grand_total: 'grand_total',
  total_order: 'total_order',
  total_sold: 'total_sold',
};

type VendorRow = {
  id: number;
  name: string;
  city: string | null;
  in_stock_rate: unknown;
  sla: unknown;
  grand_total: unknown;
  total_order: unknown;
  total_sold: unknown;
};

/**
 * "Performa Vendor": every vendor serving the scope's brands (a vendor without sales still has an in-stock rate),
 * with its in-stock rate (percentage), SLA (hours), GMV, orders and units over the range. A brand has tens of
 * vendors, so the page is sorted in SQL over all of them.
 */
export async function vendorTable(db: Executor, scope: Scope, period: Period, query: TableQuery) {
  const vendorsInScope = sql`select distinct vd.id, vd.name, vd.city, vd.created_at
    from vendors vd join vendor_brands b on b.vendor_id = vd.id
    where ${allOf([
      inList('b.brand_id', scope.brandIds),
      sql`vd.deleted_at is null`,
      scope.vendorIds ? inList('vd.id', scope.vendorIds) : undefined,
      searchAny(['vd.name', 'vd.city'], query.search),
    ])}`;
  const [rows, [{ total }]] = await Promise.all([
    selectRows<VendorRow>(
      db,
      sql`with v as (${vendorsInScope}),
        sales as (
          select r.vendor_id, sum(r.gmv) as gmv, sum(r.order_count) as orders, sum(r.units_sold) as units,
            case when sum(r.ready_count) > 0 then sum(r.ready_seconds)::float8 / sum(r.ready_count) / 3600 end as sla
          from ${salesRollupOf(scope)}
          where ${salesRollupWhere(scope, [period.current])} and r.vendor_id in (select id from v)
          group by r.vendor_id
        ),
        stock as (
          select r.vendor_id, sum(r.in_stock)::float8 / sum(r.products) * 100 as rate
          from daily_in_stock_rollups r
          where ${inStockRollupWhere(scope, [period.current], 'each')} and r.vendor_id in (select id from v)
          group by r.vendor_id
        )
        select v.id, v.name, v.city, stock.rate as in_stock_rate, sales.sla,
          coalesce(sales.gmv, 0)::bigint as grand_total, coalesce(sales.orders, 0)::bigint as total_order,
          coalesce(sales.units, 0)::bigint as total_sold
        from v left join sales on sales.vendor_id = v.id left join stock on stock.vendor_id = v.id
        ${orderBy(VENDOR_SORT, query, 'created_at', 'v.id')} ${limitOffset(query)}`,
    ),
    selectRows<{ total: unknown }>(db, sql`select count(*) as total from (${vendorsInScope}) v`),
  ]);
  return paged(
    query,
    rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      city: row.city,
      in_stock_rate: roundedOrNull(numOrNull(row.in_stock_rate)),
      sla: roundedOrNull(numOrNull(row.sla)),
      grand_total: num(row.grand_total),
      total_order: num(row.total_order),
      total_sold: num(row.total_sold),
    })),
    num(total),
  );
}
