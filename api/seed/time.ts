export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Indonesia's western time zone has no daylight saving, so a fixed offset is exact. */
const JAKARTA_OFFSET = 7 * HOUR;

function shifted(date: Date) {
  return new Date(date.getTime() + JAKARTA_OFFSET).toISOString();
}

/** `YYYY-MM-DD` in Asia/Jakarta. */
export function jakartaDate(date: Date): string {
  return shifted(date).slice(0, 10);
}

/** `YYYY-MM-DD HH:mm:ss` in Asia/Jakarta, the spec's stored date-time format. */
export function jakartaTimestamp(date: Date): string {
  const iso = shifted(date);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
