import { formatCompact, formatMoney, formatNumber, monthName } from '../format';
import type { Measure } from './pages';

/**
 * A dashboard figure as text: `short` abbreviates (cards, chart axes: `Rp 1,2M`), `full` spells it out (tables:
 * `Rp 1.234.567`). Rates arrive as percentages (62.24), hours and averages with two decimals.
 */
export function formatMeasure(measure: Measure, value: number, style: 'short' | 'full', hoursUnit = 'jam') {
  switch (measure) {
    case 'money':
      return style === 'short' ? `Rp ${formatCompact(value)}` : formatMoney(value);
    case 'count':
      return style === 'short' ? formatCompact(value) : formatNumber(value, 0);
    case 'decimal':
      return value >= 1000 && style === 'short' ? formatCompact(value) : formatNumber(value);
    case 'percent':
      return `${formatNumber(value)}%`;
    case 'hours':
      return `${formatNumber(value)} ${hoursUnit}`;
  }
}

/** SLA: 1 to 24 hours is good (green), above 24 bad (red); under an hour is neither. */
export function slaTone(hours: number | null): 'good' | 'bad' | null {
  if (hours === null) return null;
  if (hours > 24) return 'bad';
  return hours >= 1 ? 'good' : null;
}

/** A filter day `2024-03-05` → `5 Mar 2024` (chart axes and the charts' table fallbacks), in the page's language. */
export function formatChartDay(day: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${Number(match[3])} ${monthName(Number(match[2]) - 1, true)} ${match[1]}` : day;
}
