import { z } from 'zod';

/** The largest id a `serial` column holds; a larger one names nothing. */
export const MAX_ID = 2_147_483_647;

/** A record id from a query or body. */
export const idParam = z.coerce.number().int().min(1).max(MAX_ID);

/** A page number; far beyond any list, and small enough that page × per_page stays an exact offset. */
export const pageParam = z.coerce.number().int().min(1).max(1_000_000).default(1);

const EARLIEST_DAY = '1900-01-01';
const LATEST_DAY = '2999-12-31';

/**
 * A `YYYY-MM-DD` day that exists in the calendar, between 1900 and 2999: outside those years a Jakarta day's
 * bounds, or the day before a range, fall outside what a timestamp holds.
 */
export function isCalendarDay(text: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text < EARLIEST_DAY || text > LATEST_DAY) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
