import { gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Indonesia's western time zone has no daylight saving, so a fixed offset is exact. */
const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function shifted(date: Date) {
  return new Date(date.getTime() + JAKARTA_OFFSET_MS).toISOString();
}

/** `YYYY-MM-DD` of `date` in Asia/Jakarta: the business day of the rollups and of the list filters. */
export function jakartaDate(date: Date): string {
  return shifted(date).slice(0, 10);
}

/** `YYYY-MM-DD HH:mm:ss` in Asia/Jakarta, the spec's stored date-time format. */
export function jakartaTimestamp(date: Date): string {
  const iso = shifted(date);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** The instant a Jakarta day (`YYYY-MM-DD`) begins. */
export function jakartaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+07:00`);
}

/** The instant the Jakarta day after `day` begins, so a day is the half-open range [start, end). */
export function jakartaDayEnd(day: string): Date {
  return new Date(jakartaDayStart(day).getTime() + DAY_MS);
}

/** A timestamp `column` within the Jakarta days `from` to `to`, both included; either end may be open. */
export function dateConditions(column: PgColumn, from?: string, to?: string) {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, jakartaDayStart(from)));
  if (to) conditions.push(lt(column, jakartaDayEnd(to)));
  return conditions;
}

/** The Jakarta day (`date`) of a timestamp, in SQL: the day rollups and dashboards count a moment in. */
export function jakartaDaySql(column: SQLWrapper): SQL {
  return sql`(${column} at time zone 'Asia/Jakarta')::date`;
}

/** `YYYY-MM-DD HH:mm:ss` in Asia/Jakarta, as jakartaTimestamp writes it, formatted by the database. */
export function jakartaText(column: SQLWrapper): SQL {
  return sql`to_char(${column} at time zone 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI:SS')`;
}
