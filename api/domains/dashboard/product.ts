import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { card, type Period } from './period';
import type { TableQuery } from './schema';
import type { Scope } from './scope';
import { allOf, dayIn, inList, num } from './sql';
import { productRollupOf } from './sales-rollup';
import { averageInStockRates, inStockRates, supplyAsOf } from './stock';
import { limitOffset, orderBy, paged, pageWithTotal, searchAny } from './table';

export async function inStockRateCard(db: Executor, scope: Scope, period: Period) {
  const [current, last] = await inStockRates(db, scope, [period.current, period.last]);
  return card(current, last);
}

export async function averageInStockRateCard(db: Executor, scope: Scope, period: Period) {
  const [current, last] = await averageInStockRates(db, scope, [period.current, period.last]);
  return card(current, last);
}

export async function averageRunRateCard(db: Executor, scope: Scope, period: Period) {
  const [current, last] = await supplyAsOf(db, scope, [period.current, period.last]);
  return card(current.averageRunRate, last.averageRunRate);
}

export async function averageWeeksOfSupplyCard(db: Executor, scope: Scope, period: Period) {
  const [current, last] = await supplyAsOf(db, scope, [period.current, period.last]);
  return card(current.averageWeeksOfSupply, last.averageWeeksOfSupply);
}

const PRODUCT_SORT = {
  created_at: 'p.created_at',
  name: 'p.name',
  sku: 'p.sku',
  category_name: 'c.name',
  total_price: 'sold.total_price',
  total_sold: 'sold.total_sold',
  total_order: 'sold.total_order',
};

type ProductRow = {
  id: number;
  name: string;
  sku: string;
  category_name: string | null;
  total_price: unknown;
  total_sold: unknown;
  total_order: unknown;
};

/**
 * "Performa Produk": the products sold in the range (lines of live orders, from the product rollups) with
 * their GMV, units net of returns and number of orders. The range's rollup rows are read once, for the page and
 * its count together.
 */
export async function productTable(db: Executor, scope: Scope, period: Period, query: TableQuery) {
  const sold = sql`select r.product_id, sum(r.gmv)::bigint as total_price, sum(r.units_sold)::bigint as total_sold,
      sum(r.order_count)::bigint as total_order
    from ${productRollupOf(scope)}
    where ${allOf([
      inList('r.brand_id', scope.brandIds),
      scope.vendorIds ? inList('r.vendor_id', scope.vendorIds) : undefined,
      scope.channelIds ? inList('r.channel_id', scope.channelIds) : undefined,
      dayIn('r.date', [period.current]),
    ])}
    group by r.product_id`;
  const where = allOf([
    scope.categoryIds ? inList('p.category_id', scope.categoryIds) : undefined,
    searchAny(['p.name', 'p.sku'], query.search),
  ]);
  const { rows, total } = await pageWithTotal<ProductRow>(
    db,
    query,
    sql`with sold as (${sold})
      select p.id, p.name, p.sku, c.name as category_name, sold.total_price, sold.total_sold, sold.total_order,
        count(*) over () as total_rows
      from sold join products p on p.id = sold.product_id left join categories c on c.id = p.category_id
      where ${where}
      ${orderBy(PRODUCT_SORT, query, 'created_at', 'p.id')} ${limitOffset(query)}`,
    sql`with sold as (${sold})
      select count(*) as total from sold join products p on p.id = sold.product_id where ${where}`,
  );
  return paged(
    query,
    rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      category_name: row.category_name,
      sku: row.sku,
      total_price: num(row.total_price),
      total_sold: num(row.total_sold),
      total_order: num(row.total_order),
    })),
    total,
  );
}
