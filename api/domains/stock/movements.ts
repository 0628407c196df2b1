import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jakartaDayEnd, jakartaDayStart, jakartaTimestamp } from '../../db/jakarta';
import { containsPattern } from '../../db/like';
import { LOG_COUNT_CAP, offsetOf, pageMeta } from '../../http/pagination';
import type { MovementQuery } from './schema';
import type { StockScope } from './scope';

/** The kinds of the ledger as the mutation screen names them. */
export const MOVEMENT_LABELS = {
  reserve: 'Pesanan',
  release: 'Pesanan batal',
  adjustment: 'Penyesuaian',
  import: 'Impor',
  vendor_update: 'Update vendor',
  return: 'Retur',
} as const;

type MovementRow = {
  id: number;
  vendor_id: number;
  vendor_name: string;
  product_id: number;
  product_name: string;
  sku: string;
  kind: keyof typeof MOVEMENT_LABELS;
  quantity: number;
  balance_after: number;
  note: string | null;
  order_id: number | null;
  order_number: string | null;
  user_name: string | null;
  created_at: string | Date;
};

function idList(ids: readonly number[]) {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * The stock ledger (the mutation screen), newest first: each movement with its product, vendor, kind, signed
 * change of the available stock, the balance after it, its note and the order or person behind it. Filters:
 * SKU (contained), Jakarta day range, vendors, products, kind. Its total is counted up to LOG_COUNT_CAP.
 */
export async function listMovements(db: Executor, scope: StockScope, query: MovementQuery) {
  const conditions: SQL[] = [sql`p.brand_id in ${idList(scope.brandIds.length ? scope.brandIds : [0])}`];
  if (scope.vendorId !== null) conditions.push(sql`m.vendor_id = ${scope.vendorId}`);
  else if (query.vendor?.length) conditions.push(sql`m.vendor_id in ${idList(query.vendor)}`);
  if (query.product?.length) conditions.push(sql`m.product_id in ${idList(query.product)}`);
  if (query.kind) conditions.push(sql`m.kind = ${query.kind}`);
  if (query.sku) {
    // The matching products first, then their movements through (product_id, created_at).
    conditions.push(sql`m.product_id in (select s.id from products s
      where s.brand_id in ${idList(scope.brandIds.length ? scope.brandIds : [0])}
        and lower(s.sku) like lower(${containsPattern(query.sku)}))`);
  }
  if (query['date-from']) {
    conditions.push(sql`m.created_at >= ${jakartaDayStart(query['date-from']).toISOString()}::timestamptz`);
  }
  if (query['date-to']) {
    conditions.push(sql`m.created_at < ${jakartaDayEnd(query['date-to']).toISOString()}::timestamptz`);
  }
  const where = sql.join(conditions, sql` and `);
  const [rows, counted] = await Promise.all([
    db.execute(sql`select m.id, m.vendor_id, v.name as vendor_name, m.product_id, p.name as product_name, p.sku,
        m.kind, m.quantity, m.balance_after, m.note, m.order_id, o.number as order_number, u.name as user_name,
        m.created_at
      from stock_movements m
      join products p on p.id = m.product_id
      join vendors v on v.id = m.vendor_id
      left join orders o on o.id = m.order_id
      left join users u on u.id = m.user_id
      where ${where}
      order by m.created_at ${sql.raw(query.order_by === 'asc' ? 'asc' : 'desc')}, m.id ${sql.raw(query.order_by === 'asc' ? 'asc' : 'desc')}
      limit ${query.per_page} offset ${offsetOf(query)}`),
    db.execute(sql`select count(*) as total from (select 1 from stock_movements m
      join products p on p.id = m.product_id where ${where} limit ${LOG_COUNT_CAP}) as capped`),
  ]);
  const list = (rows as unknown as { rows: MovementRow[] }).rows;
  const total = Number((counted as unknown as { rows: { total: unknown }[] }).rows[0].total);
  return {
    data: list.map((row) => {
      const quantity = Number(row.quantity);
      const balance = Number(row.balance_after);
      return {
        id: Number(row.id),
        vendor_id: Number(row.vendor_id),
        vendor_name: row.vendor_name,
        product_id: Number(row.product_id),
        product_name: row.product_name,
        sku: row.sku,
        kind: row.kind,
        kind_label: MOVEMENT_LABELS[row.kind] ?? row.kind,
        quantity,
        balance_before: balance - quantity,
        balance_after: balance,
        note: row.note,
        order_id: row.order_id === null ? null : Number(row.order_id),
        order_number: row.order_number,
        user_name: row.user_name,
        created_at: new Date(row.created_at).toISOString(),
        timestamp: jakartaTimestamp(new Date(row.created_at)),
      };
    }),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: list.length }),
  };
}
