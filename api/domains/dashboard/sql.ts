import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { jakartaDaySql } from '../../db/jakarta';
import { startOfDay, addDays, type DayRange } from './period';

const dialect = new PgDialect();

/**
 * Widget queries are aggregates over a few tables, written as SQL. Column and alias names in them are constants of
 * this module; only values travel as parameters, and sort columns are chosen from whitelists (CONVENTIONS 12).
 *
 * With `prepareAs`, the statement is a named prepared statement: PostgreSQL parses it once per connection and,
 * after a few runs, keeps one generic plan instead of planning every call (planning was most of a rollup card's
 * cost). The name is `prepareAs` and a hash of the SQL text, so a statement is only ever reused for the same text.
 * Give it only for a statement whose text takes few shapes (see fixedShape in scope.ts), each shape is a statement
 * kept on every connection, and whose plan does not depend on its values: a generic plan is made without them
 * (docs/decisions/020-request-cpu.md lists the statements checked, on a 7-day and a 365-day range).
 */
export async function selectRows<T>(db: Executor, query: SQL, prepareAs?: string): Promise<T[]> {
  if (!prepareAs) {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }
  const built = dialect.sqlToQuery(query);
  const name = `${prepareAs}_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 12)}`;
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/** Aggregates arrive as numbers (PGlite) or strings (pg) depending on the driver. */
export function num(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return Number(value);
}

export function numOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** `column in (…)`; an empty list matches nothing. `column` is a constant column reference, never user input. */
export function inList(column: string, values: readonly (number | string)[]): SQL {
  return values.length ? sql`${sql.raw(column)} in ${values}` : sql`false`;
}

export function allOf(conditions: (SQL | undefined)[]): SQL {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
}

/**
 * The ranges as one, when together they cover the days from the first to the last without a gap (a range and the
 * one just before it, as periods are compared); null otherwise.
 */
export function joinedRange(ranges: DayRange[]): DayRange | null {
  const sorted = [...ranges].sort((a, b) => (a.from < b.from ? -1 : 1));
  let joined = sorted[0];
  if (!joined) return null;
  for (const range of sorted.slice(1)) {
    if (range.from > addDays(joined.to, 1)) return null;
    if (range.to > joined.to) joined = { from: joined.from, to: range.to };
  }
  return joined;
}

/**
 * `column` (a date) within any of the ranges: one `between` when they join up, which an index on the date serves
 * with one scan (and which a generic plan of a prepared statement plans the same for a week and for a year).
 */
export function dayIn(column: string, ranges: DayRange[]): SQL {
  const joined = joinedRange(ranges);
  if (joined) return sql`(${sql.raw(column)} between ${joined.from} and ${joined.to})`;
  const parts = ranges.map((range) => sql`${sql.raw(column)} between ${range.from} and ${range.to}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** Which of the ranges `column` (a date) falls in, as its index in the list; null for none. */
export function rangeIndexOf(column: string, ranges: DayRange[]): SQL {
  const cases = ranges.map(
    (range, index) =>
      sql`when ${sql.raw(column)} between ${range.from} and ${range.to} then ${sql.raw(String(index))}`,
  );
  return sql`(case ${sql.join(cases, sql` `)} end)`;
}

/** `column` (a timestamp) within any of the ranges of Jakarta days. */
export function instantIn(column: string, ranges: DayRange[]): SQL {
  const parts = ranges.map(
    (range) =>
      sql`(${sql.raw(column)} >= ${startOfDay(range.from).toISOString()} and ${sql.raw(column)} < ${startOfDay(addDays(range.to, 1)).toISOString()})`,
  );
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The Jakarta day of a timestamp column, as the rollups key it. */
export function jakartaDayOf(column: string): SQL {
  return jakartaDaySql(sql.raw(column));
}
