/**
 * Dashboard periods and comparisons. Days are calendar days in Asia/Jakarta, the
 * days of the rollup tables, written `YYYY-MM-DD` and handled as UTC midnights so that adding days is exact
 * (Indonesia has no daylight saving).
 */

const DAY_MS = 86_400_000;
const JAKARTA_OFFSET_MS = 7 * 3_600_000;

/** Both ends included. */
export type DayRange = { from: string; to: string };

/** The range asked for and the range it is compared with. */
export type Period = { current: DayRange; last: DayRange };

export type Direction = 0 | 1 | 2;

export type Card<T = number | null> = {
  current_period: T;
  last_period: T;
  percentage: number;
  direction: Direction;
};

export function jakartaDay(instant: Date): string {
  return new Date(instant.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `to − from` in whole days. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function daysOf({ from, to }: DayRange): string[] {
  return Array.from({ length: Math.max(0, daysBetween(from, to) + 1) }, (_, index) => addDays(from, index));
}

/** The instant a Jakarta day begins, for filtering raw rows on their `created_at` timestamps. */
export function startOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - JAKARTA_OFFSET_MS);
}

/** The default range: the last 7 days ending today, today included (6 days back through today). */
export function defaultRange(now: Date): DayRange {
  const to = jakartaDay(now);
  return { from: addDays(to, -6), to };
}

/**
 * The comparison range: "the same number of days just before; 1 day when the span is 0 or 1, else span + 1".
 * The span is read as the whole days from date-from to date-to (`to − from`), so a range covers span + 1 days:
 * a single day (span 0) is compared with the day before; the default 7-day range (span 6) with the 7 days before.
 * A two-day range (span 1) is compared with the one day before it, as the rule above words it, not with two days.
 */
export function lastRange(range: DayRange): DayRange {
  const span = daysBetween(range.from, range.to);
  const days = span <= 1 ? 1 : span + 1;
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** Change = round(|current − last| ÷ last × 100); 100 when last is 0 and current is not; 0 when both are 0. */
export function percentChange(current: number, last: number): number {
  if (last === 0) return current === 0 ? 0 : 100;
  // × 100 before ÷, so integer figures divide exactly: 470.000 of 2.000.000 is 23.5 (→ 24), never 23.4999….
  return Math.round((Math.abs(current - last) * 100) / Math.abs(last));
}

/** 1 up, 2 down, 0 equal. */
export function directionOf(current: number, last: number): Direction {
  if (current > last) return 1;
  if (current < last) return 2;
  return 0;
}

/** A card; a figure that cannot be measured (no snapshots, no order made ready) is null and compares as 0. */
export function card<T extends number | null>(current: T, last: T): Card<T> {
  const a = current ?? 0;
  const b = last ?? 0;
  return {
    current_period: current,
    last_period: last,
    percentage: percentChange(a, b),
    direction: directionOf(a, b),
  };
}

/** One item per day of the range, days without data at 0. */
export function dailySeries<F extends string>(
  range: DayRange,
  field: F,
  valueOf: (day: string) => number,
): ({ date: string } & Record<F, number>)[] {
  return daysOf(range).map(
    (date) => ({ date, [field]: valueOf(date) }) as { date: string } & Record<F, number>,
  );
}

/** Rates, hours and averages keep two decimals; money stays whole rupiah. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
