import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { startOfDay, addDays, type DayRange } from './period';

/**
 * Widget queries are aggregates over a few tables, written as SQL. Column and alias names in them are constants of
 * this module; only values travel as parameters, and sort columns are chosen from whitelists (CONVENTIONS 12).
 */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
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

/** `column` (a date) within any of the ranges. */
export function dayIn(column: string, ranges: DayRange[]): SQL {
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
  return sql.raw(`(${column} at time zone 'Asia/Jakarta')::date`);
}
