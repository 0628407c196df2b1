import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from 'remix-utils/use-hydrated';
import { formatChartDay, formatMeasure } from '~/lib/dashboard/format';
import type { SeriesChartProps } from './chart-props';

// chart.js is fetched after hydration, so it is not part of the page's first-load JavaScript.
const LineCanvas = lazy(() => import('./line-canvas').then((module) => ({ default: module.LineCanvas })));

/**
 * The period's line with the previous period dashed. Until JavaScript runs and chart.js has loaded (and in the
 * PDF, printed without JavaScript) the same series is a table, so the page never shows a blank canvas.
 */
export function SeriesChart(props: SeriesChartProps) {
  const hydrated = useHydrated();
  const table = <SeriesTable {...props} />;
  if (!hydrated) return table;
  return (
    <Suspense fallback={table}>
      <LineCanvas {...props} />
    </Suspense>
  );
}

/** Each day of the range beside the day it is compared with. */
function SeriesTable({ title, current, previous, measure }: SeriesChartProps) {
  const { t } = useTranslation();
  const full = (value: number) => formatMeasure(measure, value, 'full');
  return (
    <table className="min-w-full text-sm">
      <caption className="pb-2 text-left font-semibold">{title}</caption>
      <thead>
        <tr className="border-b text-left">
          <th scope="col" className="py-1 pr-2">
            {t('dashboard.date')}
          </th>
          <th scope="col" className="py-1 pr-2 text-right">
            {t('dashboard.currentPeriod')}
          </th>
          <th scope="col" className="py-1 pr-2">
            {t('dashboard.previousDate')}
          </th>
          <th scope="col" className="py-1 text-right">
            {t('dashboard.previousPeriod')}
          </th>
        </tr>
      </thead>
      <tbody>
        {current.map((point, index) => (
          <tr key={point.date} className="break-inside-avoid border-b border-slate-100">
            <td className="py-1 pr-2">{formatChartDay(point.date)}</td>
            <td className="py-1 pr-2 text-right tabular-nums">{full(point.value)}</td>
            <td className="py-1 pr-2 text-slate-500">
              {previous[index] ? formatChartDay(previous[index].date) : '–'}
            </td>
            <td className="py-1 text-right tabular-nums">
              {previous[index] ? full(previous[index].value) : '–'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
