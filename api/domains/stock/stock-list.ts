import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jakartaDate } from '../../db/jakarta';
import { containsPattern } from '../../db/like';
import { offsetOf, pageMeta, sortColumn } from '../../http/pagination';
import { serializeMedia } from '../media/serializer';
import { withDescendants } from '../category/descendants';
import { IN_STOCK_RATE_DAYS, inStockRate, runRate, RUN_RATE_DAYS, weeksOfSupply } from './figures';
import type { ProductStockQuery } from './schema';
import type { StockScope } from './scope';

type Rows<T> = { rows: T[] };

async function rowsOf<T>(db: Executor, query: SQL) {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

function dayBefore(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

function idList(ids: readonly number[]) {
  return ids.length
    ? sql`(${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`(null)`;
}

/** The vendors whose stock counts: the vendor side's own, else the filter's, else every vendor. */
function vendorCondition(column: string, scope: StockScope, vendorFilter?: number[]) {
  if (scope.vendorId !== null) return sql`${sql.raw(column)} = ${scope.vendorId}`;
  if (vendorFilter?.length) return sql`${sql.raw(column)} in ${idList(vendorFilter)}`;
  return sql`true`;
}

export type StockFigures = {
  quantity: number;
  reserved: number;
  available_stock: number;
  units_sold_7_days: number;
  run_rate: number;
  weeks_of_supply: number | null;
  in_stock_rate: number | null;
};

/**
 * Stock, run rate, weeks of supply and in-stock rate (figures.ts) of each of `productIds`, over the
 * scope's vendors: the stock as it is now, units sold (net of returns) over the last 7 Jakarta days from the
 * daily product rollups, and the in-stock rate over the last 30 days of daily snapshots. Three statements for
 * a page, whatever its size.
 */
export async function stockFigures(
  db: Executor,
  scope: StockScope,
  productIds: number[],
  now: Date,
  vendorFilter?: number[],
): Promise<StockFigures[]> {
  if (productIds.length === 0) return [];
  const today = jakartaDate(now);
  const ids = idList(productIds);
  const [stock, sold, snapshots] = await Promise.all([
    rowsOf<{ product_id: number; quantity: unknown; reserved: unknown }>(
      db,
      sql`select vs.product_id, sum(vs.quantity) as quantity, sum(vs.reserved) as reserved
        from vendor_stocks vs
        where vs.product_id in ${ids} and ${vendorCondition('vs.vendor_id', scope, vendorFilter)}
        group by vs.product_id`,
    ),
    rowsOf<{ product_id: number; units: unknown }>(
      db,
      sql`select r.product_id, sum(r.units_sold) as units from daily_product_rollups r
        where r.date between ${dayBefore(today, RUN_RATE_DAYS - 1)}::date and ${today}::date
          and r.product_id in ${ids} and ${vendorCondition('r.vendor_id', scope, vendorFilter)}
        group by r.product_id`,
    ),
    rowsOf<{ product_id: number; in_stock: unknown; total: unknown }>(
      db,
      sql`select x.product_id, count(*) filter (where x.available > 0) as in_stock, count(*) as total
        from (
          select s.product_id, s.date, sum(s.available) as available from stock_daily_snapshots s
          where s.date between ${dayBefore(today, IN_STOCK_RATE_DAYS - 1)}::date and ${today}::date
            and s.product_id in ${ids} and ${vendorCondition('s.vendor_id', scope, vendorFilter)}
          group by s.product_id, s.date
        ) x
        group by x.product_id`,
    ),
  ]);
  const stockOf = new Map(stock.map((row) => [Number(row.product_id), row]));
  const soldOf = new Map(sold.map((row) => [Number(row.product_id), Number(row.units)]));
  const rateOf = new Map(snapshots.map((row) => [Number(row.product_id), row]));
  return productIds.map((id) => {
    const quantity = Number(stockOf.get(id)?.quantity ?? 0);
    const reserved = Number(stockOf.get(id)?.reserved ?? 0);
    const units = soldOf.get(id) ?? 0;
    const rate = rateOf.get(id);
    return {
      quantity,
      reserved,
      available_stock: quantity - reserved,
      units_sold_7_days: units,
      run_rate: runRate(units),
      weeks_of_supply: weeksOfSupply(quantity - reserved, units),
      in_stock_rate: rate ? inStockRate(Number(rate.in_stock), Number(rate.total)) : null,
    };
  });
}

const SORT = {
  'products.name': 'p.name',
  name: 'p.name',
  'products.sku': 'p.sku',
  sku: 'p.sku',
  category_name: 'c.name',
  'products.created_at': 'p.created_at',
  'products.updated_at': 'p.updated_at',
  vendor_price: 'p.vendor_price',
  available_stock: 'available_stock',
};

type ListRow = {
  id: number;
  brand_id: number;
  name: string;
  sku: string;
  category_id: number | null;
  category_name: string | null;
  vendor_price: unknown;
  is_active: boolean;
  created_at: string | Date;
  updated_at: string | Date;
};

function iso(value: string | Date) {
  return new Date(value).toISOString();
}

function wants(value: ProductStockQuery['with'], relation: string) {
  const list = Array.isArray(value) ? value : (value ?? '').split(',');
  return list.map((item) => item.trim()).includes(relation);
}

export type CatalogueFilters = Pick<ProductStockQuery, 'search' | 'category' | 'vendor' | 'brand'>;

/**
 * The live products of the scope's brands (as `p`) that the list's filters keep: searched by name or SKU, in a
 * category or its descendants, held by one of the vendors, of one of the brands. The list and its export share it.
 */
export async function catalogueWhere(db: Executor, scope: StockScope, query: CatalogueFilters) {
  const categoryIds = query.category?.length
    ? await withDescendants(db, scope.brandIds, query.category)
    : undefined;
  const conditions: SQL[] = [sql`p.brand_id in ${idList(scope.brandIds)}`, sql`p.deleted_at is null`];
  if (categoryIds) conditions.push(sql`p.category_id in ${idList(categoryIds)}`);
  if (query.brand?.length) conditions.push(sql`p.brand_id in ${idList(query.brand)}`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(sql`(p.name ilike ${pattern} or lower(p.sku) like lower(${pattern}))`);
  }
  if (scope.vendorId === null && query.vendor?.length) {
    conditions.push(
      sql`exists (select 1 from vendor_stocks f where f.product_id = p.id and f.vendor_id in ${idList(query.vendor)})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/**
 * The stock list: the catalogue of the scope's brands, searched by name or
 * SKU, filtered by category (with its descendants) and vendor, sorted from a whitelist (default products.name),
 * each row with its stock figures; `with=photos` adds the photos. `figures: false` leaves the figures out (the
 * catalogue list).
 */
export async function listProductStock(
  db: Executor,
  scope: StockScope,
  query: ProductStockQuery,
  options: { now: Date; mediaUrl: string; figures: boolean },
) {
  const where = await catalogueWhere(db, scope, query);
  const sortKey = sortColumn<keyof typeof SORT>(SORT, query.sorted_by, 'products.name');
  const direction = sql.raw(query.order_by === 'desc' ? 'desc' : 'asc');
  const available =
    sortKey === 'available_stock'
      ? sql`, (select coalesce(sum(vs.quantity - vs.reserved), 0) from vendor_stocks vs
          where vs.product_id = p.id and ${vendorCondition('vs.vendor_id', scope, query.vendor)}) as available_stock`
      : sql``;
  const [rows, [{ total }]] = await Promise.all([
    rowsOf<ListRow>(
      db,
      sql`select p.id, p.brand_id, p.name, p.sku, p.category_id, c.name as category_name, p.vendor_price,
          p.is_active, p.created_at, p.updated_at ${available}
        from products p left join categories c on c.id = p.category_id
        where ${where}
        order by ${sql.raw(SORT[sortKey])} ${direction}, p.id ${direction}
        limit ${query.per_page} offset ${offsetOf(query)}`,
    ),
    rowsOf<{ total: unknown }>(db, sql`select count(*) as total from products p where ${where}`),
  ]);
  const ids = rows.map((row) => Number(row.id));
  const figures = options.figures ? await stockFigures(db, scope, ids, options.now, query.vendor) : [];
  const photos = wants(query.with, 'photos') ? await photosOf(db, ids, options.mediaUrl) : undefined;
  return {
    data: rows.map((row, index) => ({
      id: Number(row.id),
      brand_id: Number(row.brand_id),
      name: row.name,
      sku: row.sku,
      category_id: row.category_id === null ? null : Number(row.category_id),
      category_name: row.category_name,
      vendor_price: Number(row.vendor_price),
      is_active: row.is_active,
      ...(photos ? { photos: photos.get(Number(row.id)) ?? [] } : {}),
      ...(options.figures ? figures[index] : {}),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    })),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total: Number(total), count: rows.length }),
  };
}

async function photosOf(db: Executor, productIds: number[], mediaUrl: string) {
  const byProduct = new Map<number, ReturnType<typeof serializeMedia>[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await rowsOf<{
    product_id: number;
    id: number;
    name: string;
    encoded_name: string;
    size: number;
    extension: string;
    mime_type: string;
    path: string;
    disk: string;
    created_by: number | null;
    created_at: string | Date;
    updated_at: string | Date;
  }>(
    db,
    sql`select pp.product_id, m.* from product_photos pp join media m on m.id = pp.media_id
      where pp.product_id in ${idList(productIds)} order by pp.product_id, pp.position, m.id`,
  );
  for (const row of rows) {
    const list = byProduct.get(Number(row.product_id)) ?? [];
    list.push(
      serializeMedia(
        {
          id: Number(row.id),
          name: row.name,
          encodedName: row.encoded_name,
          size: Number(row.size),
          extension: row.extension,
          mimeType: row.mime_type,
          path: row.path,
          disk: row.disk,
          createdBy: row.created_by,
          createdAt: new Date(row.created_at),
          updatedAt: new Date(row.updated_at),
        },
        mediaUrl,
      ),
    );
    byProduct.set(Number(row.product_id), list);
  }
  return byProduct;
}
