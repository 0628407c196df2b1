import { formatCompact, formatMoney } from '../format';
import type { Measure } from './pages';

const integer = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });

/**
 * A dashboard figure as text: `short` abbreviates (cards, chart axes: `Rp 1,2M`), `full` spells it out (tables:
 * `Rp 1.234.567`). Rates arrive as percentages (62.24), hours and averages with two decimals.
 */
export function formatMeasure(measure: Measure, value: number, style: 'short' | 'full', hoursUnit = 'jam') {
  switch (measure) {
    case 'money':
      return style === 'short' ? `Rp ${formatCompact(value)}` : formatMoney(value);
    case 'count':
      return style === 'short' ? formatCompact(value) : integer.format(value);
    case 'decimal':
      return value >= 1000 && style === 'short' ? formatCompact(value) : decimal.format(value);
    case 'percent':
      return `${decimal.format(value)}%`;
    case 'hours':
      return `${decimal.format(value)} ${hoursUnit}`;
  }
}

/** SLA (spec §9): 1 to 24 hours is good (green), above 24 bad (red); under an hour is neither. */
export function slaTone(hours: number | null): 'good' | 'bad' | null {
  if (hours === null) return null;
  if (hours > 24) return 'bad';
  return hours >= 1 ? 'good' : null;
}

/*
 * Dates are spelled out by hand, not with Intl: Node's and Chromium's ICU disagree on some id-ID patterns
 * (12-hour clocks: `0.59 PM` against `12.59 PM`), and the server's text must equal the browser's for hydration.
 */
const MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];

/** `2024-03-05` → `5 Mar 2024` (chart axes and the charts' table fallbacks). */
export function formatChartDay(day: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${Number(match[3])} ${SHORT_MONTHS[Number(match[2]) - 1]} ${match[1]}` : day;
}

/** The widget tables' `YYYY-MM-DD HH:mm:ss` (a Jakarta wall-clock time) as `5 Maret 2024 1:05 PM` (D MMMM YYYY h:mm A). */
export function formatJakartaStamp(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  if (!match) return value;
  const [, year, month, day, hour, minute] = match;
  const hours = Number(hour);
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year} ${hours % 12 || 12}:${minute} ${hours < 12 ? 'AM' : 'PM'}`;
}
