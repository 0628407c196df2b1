import { jakartaText } from '../../db/jakarta';
import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/like';
import { pageMeta, sortColumn } from '../../http/pagination';
import type { Executor } from '../../db/client';
import type { TableQuery } from './schema';
import { num, selectRows } from './sql';

/** A table's sortable fields and the SQL expression (a constant) each sorts on. */
export type SortColumns = Record<string, string>;

/**
 * `order by` from the whitelist: an unknown `sorted_by` falls back to the table's default; empty values sort
 * last both ways; `tieBreaker` keeps pages stable. A sort key listed in `notNull` names a column that is never
 * empty: it sorts without `nulls last`, so that an index on the column can give the descending order too.
 */
export function orderBy(
  columns: SortColumns,
  query: Pick<TableQuery, 'sorted_by' | 'order_by'>,
  fallback: string,
  tieBreaker: string,
  notNull: readonly string[] = [],
): SQL {
  const direction = query.order_by === 'asc' ? 'asc' : 'desc';
  const key = sortColumn(columns, query.sorted_by, fallback);
  const nulls = notNull.includes(key) ? '' : ' nulls last';
  return sql.raw(`order by ${columns[key]} ${direction}${nulls}, ${tieBreaker} ${direction}`);
}

export function limitOffset(query: Pick<TableQuery, 'page' | 'per_page'>): SQL {
  return sql`limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`;
}

/** `expression ilike %search%` for any of the expressions (constants), the search's own wildcards literal. */
export function searchAny(expressions: string[], search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return sql`(${sql.join(
    expressions.map((expression) => sql`${sql.raw(expression)} ilike ${pattern}`),
    sql` or `,
  )})`;
}

/** Laravel's paginator around a page of rows and the total from its own count. */
export function paged<T>(query: Pick<TableQuery, 'page' | 'per_page'>, data: T[], total: number) {
  return { data, meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: data.length }) };
}

/**
 * A page and the size of the whole list from one statement, for lists whose rows cost a scan to make: `page`
 * selects `count(*) over () as total_rows` beside its columns, so the list is made once, not once more to count
 * it. A page past the end has no row to carry the total; only then `count` runs.
 */
export async function pageWithTotal<T>(
  db: Executor,
  query: Pick<TableQuery, 'page'>,
  page: SQL,
  count: SQL,
): Promise<{ rows: T[]; total: number }> {
  const rows = await selectRows<T & { total_rows: unknown }>(db, page);
  if (rows.length) return { rows, total: num(rows[0].total_rows) };
  if (query.page === 1) return { rows, total: 0 };
  const [{ total }] = await selectRows<{ total: unknown }>(db, count);
  return { rows, total: num(total) };
}

/** The spec's stored date-time format, `YYYY-MM-DD HH:mm:ss` in Asia/Jakarta. */
export function jakartaTimestampOf(column: string): SQL {
  return jakartaText(sql.raw(column));
}
