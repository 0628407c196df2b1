import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { replaceSlices, statementOf } from './apply';
import { andWithin, type RollupTable } from './statements';

/**
 * daily_in_stock_rollups: stock_daily_snapshots counted per day, brand, category and vendor for the products active
 * now, and per day, brand and category over all vendors together (vendor_id 0). Snapshots are written by the daily
 * sweep only, and a product's brand never changes, so two writes move these rows: the sweep (one day, every brand)
 * and a product edit that changes its category, activity or deletion (its brand's old and new category, every day).
 */

/** `within` is a condition on the snapshots `s` and their products `p`. */
function inStockRows(within: SQL | null): SQL {
  const live = sql`p.is_active and p.deleted_at is null ${andWithin(within)}`;
  return sql`
    select p.brand_id, s.vendor_id, s.date, coalesce(p.category_id, 0) as category_id, count(*) as products,
      count(*) filter (where s.available > 0) as in_stock
    from stock_daily_snapshots s join products p on p.id = s.product_id
    where ${live}
    group by 1, 2, 3, 4
    union all
    select x.brand_id, 0 as vendor_id, x.date, x.category_id, count(*) as products,
      count(*) filter (where x.available > 0) as in_stock
    from (
      select p.brand_id, s.date, coalesce(p.category_id, 0) as category_id, s.product_id,
        sum(s.available) as available
      from stock_daily_snapshots s join products p on p.id = s.product_id
      where ${live}
      group by 1, 2, 3, 4
    ) x
    group by 1, 2, 3, 4`;
}

export const IN_STOCK: RollupTable = {
  name: 'daily_in_stock_rollups',
  alias: 'in_stock',
  keys: ['brand_id', 'vendor_id', 'date', 'category_id'],
  measures: ['products', 'in_stock'],
  rows: inStockRows,
};

/**
 * The sweep and product edits serialise here (one advisory lock): both are rare, and a product edit rewrites
 * rows of every day, the sweep rows of every brand.
 */
const IN_STOCK_LOCK = sql`select pg_advisory_xact_lock(71004, 0)`;

async function replace(executor: Executor, within: SQL, inSlices: SQL) {
  await executor.execute(IN_STOCK_LOCK);
  await executor.execute(statementOf([replaceSlices(IN_STOCK, IN_STOCK.rows(within), inSlices)]));
}

/** After the sweep wrote the day's snapshots: that day's rows, from them. */
export function refreshInStockDay(executor: Executor, date: string) {
  return replace(executor, sql`s.date = ${date}::date`, sql`t.date = ${date}::date`);
}

export type ProductFacts = {
  brandId: number;
  categoryId: number | null;
  isActive: boolean;
  deletedAt: Date | null;
};

/**
 * After a product edit: when what the rows read of the product changed (its category, activity, deletion), the rows
 * of its brand's old and new category, every day. Call it inside the edit's transaction, after the update.
 */
export async function refreshInStockProduct(executor: Executor, before: ProductFacts, after: ProductFacts) {
  const facts = (product: ProductFacts) =>
    [product.categoryId, product.isActive, Boolean(product.deletedAt)].join(':');
  if (facts(before) === facts(after)) return;
  const categories = [...new Set([before.categoryId ?? 0, after.categoryId ?? 0])];
  const list = sql.join(
    categories.map((id) => sql`${id}::int`),
    sql`, `,
  );
  await replace(
    executor,
    sql`p.brand_id = ${after.brandId}::int and coalesce(p.category_id, 0) in (${list})`,
    sql`t.brand_id = ${after.brandId}::int and t.category_id in (${list})`,
  );
}
