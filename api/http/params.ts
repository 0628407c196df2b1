import { z } from 'zod';

/** The largest id a `serial` column holds; a larger one names nothing. */
export const MAX_ID = 2_147_483_647;

/**
 * A record id from a query or body: a number, or text of decimal digits only (`0x10`, `1e1`, ` 16` or `+16`
 * name no record, though Number() would read them).
 */
export const idParam = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
  z.number().int().min(1).max(MAX_ID),
);

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

/** A query value that may come as `key[]=1&key[]=2`, `key=1,2` or `key=1`. */
function asList(value: unknown) {
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value.filter((item) => item !== '');
  if (typeof value === 'string') return value.split(',').filter((item) => item.trim() !== '');
  return value;
}

export const idListParam = z.preprocess(asList, z.array(idParam).max(1000).optional());

export const textListParam = z.preprocess(asList, z.array(z.string().trim().max(100)).max(20).optional());

export const flagParam = z
  .string()
  .optional()
  .transform((value) => ['1', 'true', 'on', 'yes'].includes((value ?? '').trim().toLowerCase()));

export function dayParam(name: string) {
  return z
    .string()
    .trim()
    .refine(isCalendarDay, {
      message: `The ${name} field must match the format Y-m-d.`,
    })
    .optional()
    .or(z.literal('').transform(() => undefined));
}

type DateRange = { 'date-from'?: string; 'date-to'?: string };

export function dateRangeInOrder(query: DateRange) {
  return !query['date-from'] || !query['date-to'] || query['date-from'] <= query['date-to'];
}

export const dateRangeIssue = {
  message: 'The date-to field must be a date after or equal to date-from.',
  path: ['date-to'],
};

/** A whole number that may arrive as text (form posts); a missing one stays missing, so it reads as required. */
export function intField(min: number, max = MAX_ID) {
  return z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
        ? Number(value)
        : value,
    z.number().int().min(min).max(max),
  );
}
