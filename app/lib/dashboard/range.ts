/**
 * Dashboard date ranges: Jakarta calendar days written `YYYY-MM-DD`, handled as UTC midnights so adding days
 * is exact (Indonesia has no daylight saving). Shared by loaders and components: the preset links are built
 * from the server's `today`, never from the browser's clock.
 */

export type DayRange = { from: string; to: string };

export const PRESETS = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'thisMonth',
  'lastMonth',
  'thisYear',
] as const;
export type Preset = (typeof PRESETS)[number];

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` day that exists, in the years the API takes (1900–2999). */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY_PATTERN.test(value) || value < '1900-01-01' || value > '2999-12-31') return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `to − from` in whole days. */
export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function startOfMonth(day: string) {
  return `${day.slice(0, 7)}-01`;
}

export function presetRange(preset: Preset, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: startOfMonth(today), to: today };
    case 'lastMonth': {
      const end = addDays(startOfMonth(today), -1);
      return { from: startOfMonth(end), to: end };
    }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The preset a range is, if any (the first match: "this month" on the 7th is also "last 7 days"). */
export function presetOf(range: DayRange, today: string): Preset | null {
  return (
    PRESETS.find((preset) => {
      const candidate = presetRange(preset, today);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}

/** The range compared with: 1 day before when the span is 0 or 1 day, else span + 1 days before. */
export function previousRange(range: DayRange): DayRange {
  const span = daysBetween(range.from, range.to);
  const days = span <= 1 ? 1 : span + 1;
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}
