import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/like';
import { pageMeta, sortColumn } from '../../http/pagination';
import type { TableQuery } from './schema';

/** A table's sortable fields and the SQL expression (a constant) each sorts on. */
export type SortColumns = Record<string, string>;

/**
 * `order by` from the whitelist: an unknown `sorted_by` falls back to the table's default; empty values sort
 * last both ways; `tieBreaker` keeps pages stable.
 */
export function orderBy(
  columns: SortColumns,
  query: Pick<TableQuery, 'sorted_by' | 'order_by'>,
  fallback: string,
  tieBreaker: string,
): SQL {
  const direction = query.order_by === 'asc' ? 'asc' : 'desc';
  const column = columns[sortColumn(columns, query.sorted_by, fallback)];
  return sql.raw(`order by ${column} ${direction} nulls last, ${tieBreaker} ${direction}`);
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

/** The spec's stored date-time format, `YYYY-MM-DD HH:mm:ss` in Asia/Jakarta. */
export function jakartaTimestampOf(column: string): SQL {
  return sql.raw(`to_char(${column} at time zone 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI:SS')`);
}
