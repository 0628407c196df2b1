import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from 'remix-utils/use-hydrated';
import { formatNumber } from '~/lib/format';
import type { DoughnutChartProps } from './chart-props';

// chart.js is fetched after hydration, so it is not part of the page's first-load JavaScript.
const DoughnutCanvas = lazy(() =>
  import('./doughnut-canvas').then((module) => ({ default: module.DoughnutCanvas })),
);

/** A doughnut of counts; a table until JavaScript runs and chart.js has loaded, and when there is nothing to draw. */
export function DoughnutChart(props: DoughnutChartProps) {
  const hydrated = useHydrated();
  const table = <DoughnutTable {...props} />;
  if (!hydrated || props.slices.every((slice) => slice.value === 0)) return table;
  return (
    <Suspense fallback={table}>
      <DoughnutCanvas {...props} />
    </Suspense>
  );
}

function DoughnutTable({ title, slices, valueHeader }: DoughnutChartProps) {
  const { t } = useTranslation();
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <table className="min-w-full text-sm">
      <caption className="pb-2 text-left font-semibold">{title}</caption>
      <thead>
        <tr className="border-b text-left">
          <th scope="col" className="py-1 pr-2">
            {t('dashboard.category')}
          </th>
          <th scope="col" className="py-1 pr-2 text-right">
            {valueHeader}
          </th>
          <th scope="col" className="py-1 text-right">
            {t('dashboard.share')}
          </th>
        </tr>
      </thead>
      <tbody>
        {slices.length === 0 ? (
          <tr>
            <td colSpan={3} className="py-4 text-center text-slate-500">
              {t('table.empty')}
            </td>
          </tr>
        ) : (
          slices.map((slice) => (
            <tr key={slice.label} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-2 text-left font-normal">
                {slice.label}
              </th>
              <td className="py-1 pr-2 text-right tabular-nums">{formatNumber(slice.value, 0)}</td>
              <td className="py-1 text-right tabular-nums">
                {total > 0 ? `${Math.round((slice.value / total) * 100)}%` : '–'}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
