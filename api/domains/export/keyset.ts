import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { EXPORT_BATCH } from './workbook';

/** Where keyset paging starts (ids after `after`) and ends (`upTo`, or the table's end when undefined). */
export type IdRange = { after: number; upTo?: number };

/**
 * The ids a dated export can hold: every row matching `within` (the scope and the date range, which an index
 * finds) lies between them, so paging starts at the first instead of walking the primary key past every
 * older row. `id + 0` makes the planner aggregate over that index rather than walk the primary key from one
 * end, which, ids being in creation order, passes the same older rows.
 */
export async function idRange(db: Executor, table: PgTable, id: PgColumn, within: SQL[]): Promise<IdRange> {
  const [bounds] = await db
    .select({ first: sql<number | null>`min(${id} + 0)`, last: sql<number | null>`max(${id} + 0)` })
    .from(table)
    .where(and(...within));
  // Nothing in range: the first page comes back empty.
  if (bounds.first === null || bounds.last === null) return { after: 0, upTo: 0 };
  return { after: Number(bounds.first) - 1, upTo: Number(bounds.last) };
}

/** A read started ahead of its turn may fail before it is awaited: the failure surfaces at the await. */
function started<T>(read: Promise<T>) {
  read.catch(() => undefined);
  return read;
}

/**
 * Reads `page(cursor)` from `range.after` on, each next cursor the id of the batch's last row, until a short
 * batch: keyset paging, so batch n costs what batch 1 costs. The next batch is already being read while the caller writes this one.
 *
 * Each batch is its own statement rather than a cursor in one REPEATABLE READ transaction: the export is
 * read at the client's pace, and such a transaction would hold a pool connection (on PGlite, the whole
 * database) for as long as the slowest download takes. Paging by id never repeats or skips a row; an order
 * that changes while the export runs appears as it was when its batch was read.
 */
export async function* keyset<T>(
  page: (afterId: number) => Promise<T[]>,
  idOf: (row: T) => number,
  range: IdRange = { after: 0 },
): AsyncGenerator<T[]> {
  let next: Promise<T[]> | undefined = started(page(range.after));
  while (next) {
    const rows: T[] = await next;
    next = rows.length === EXPORT_BATCH ? started(page(idOf(rows[rows.length - 1]))) : undefined;
    if (rows.length > 0) yield rows;
  }
}

/** Past every id a serial column holds: where a newest-first read starts when the range has no end. */
const PAST_LAST_ID = 2_147_483_647;

/**
 * Flat rows (`select columns from from where where`) keyset-paged over `range`: the rows as the database hands
 * them over, without the ORM's row mapping. Each row has an `id` column. In id order, or with `newestFirst` from
 * the range's end down (ids are in creation order), as the lists of orders, invoices and payments open.
 */
export function flatRows<T extends { id: number | string }>(
  db: Executor,
  query: { columns: SQL; from: SQL; where: SQL; id: PgColumn | SQL; range: IdRange; newestFirst?: boolean },
): AsyncGenerator<T[]> {
  const { columns, from, where, id, range, newestFirst = false } = query;
  if (newestFirst) {
    const page = async (beforeId: number) => {
      const result = await db.execute(sql`select ${columns} from ${from}
        where ${where} and ${id} < ${beforeId} and ${id} > ${range.after}
        order by ${id} desc
        limit ${EXPORT_BATCH}`);
      return (result as unknown as { rows: T[] }).rows;
    };
    const start = range.upTo === undefined ? PAST_LAST_ID : range.upTo + 1;
    return keyset(page, (row) => Number(row.id), { after: start });
  }
  const upTo = range.upTo === undefined ? sql`` : sql`and ${id} <= ${range.upTo}`;
  const page = async (afterId: number) => {
    const result = await db.execute(sql`select ${columns} from ${from}
      where ${where} and ${id} > ${afterId} ${upTo}
      order by ${id}
      limit ${EXPORT_BATCH}`);
    return (result as unknown as { rows: T[] }).rows;
  };
  return keyset(page, (row) => Number(row.id), range);
}
