import { Form, Link, useSearchParams } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRange } from '~/components/date-range';
import { MultiSelect } from '~/components/list-filters';
import { formatChartDay } from '~/lib/dashboard/format';
import { presetOf, presetRange, PRESETS, type DayRange } from '~/lib/dashboard/range';
import type { FilterOptions, Filters } from '~/lib/dashboard/types';
import { CategoryTree } from './category-tree';

type Option = { id: number | string; name: string };

/** Params that a filter change keeps (the chart series and the table's search and sort) or drops (paging). */
const KEPT = ['series', 'search', 'sorted_by', 'order_by'];

/**
 * The page's filters as one GET form over the URL (works without JavaScript): the seven date presets are links
 * that set `date-from`/`date-to` (Jakarta days, from the server's today), then the range itself and the lists.
 * Remounted whenever the URL changes, so the fields always show the filters in force.
 */
export function DashboardFilters({
  today,
  range,
  filters,
  options,
  multiSelects = [],
  resetPresetParams = [],
  children,
}: {
  today: string;
  range: DayRange;
  /** With `options`: the category tree, then the channel and vendor lists that have entries. */
  filters?: Filters;
  options?: FilterOptions;
  multiSelects?: { name: string; label: string; options: Option[]; selected: string[] }[];
  /** Params a preset drops besides the range itself (the branch page's compare range). */
  resetPresetParams?: string[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const lists = [
    ...(options && filters
      ? [
          {
            name: 'channel',
            label: t('dashboard.filter.channel'),
            options: options.channels,
            selected: filters.channel,
          },
          {
            name: 'vendor',
            label: t('dashboard.filter.vendor'),
            options: options.vendors,
            selected: filters.vendor,
          },
        ].filter((list) => list.options.length > 0)
      : []),
    ...multiSelects,
  ];
  const [params] = useSearchParams();
  const active = presetOf(range, today);

  function presetHref(preset: (typeof PRESETS)[number]) {
    const next = new URLSearchParams(params);
    const { from, to } = presetRange(preset, today);
    next.set('date-from', from);
    next.set('date-to', to);
    for (const name of ['page', ...resetPresetParams]) next.delete(name);
    return `?${next.toString()}`;
  }

  return (
    <div className="space-y-3">
      <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 print:hidden">
        <nav aria-label={t('dashboard.filter.presets')}>
          <ul className="flex flex-wrap gap-2">
            {PRESETS.map((preset) => (
              <li key={preset}>
                <Link
                  to={presetHref(preset)}
                  preventScrollReset
                  aria-current={active === preset ? 'true' : undefined}
                  className={`rounded-full border px-3 py-1 text-sm ${
                    active === preset
                      ? 'border-brand-600 bg-brand-600 text-white'
                      : 'border-slate-300 text-slate-700 hover:bg-slate-50'
                  }`}
                >
                  {t(`dashboard.preset.${preset}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form
          key={params.toString()}
          method="get"
          preventScrollReset
          aria-label={t('dashboard.filter.label')}
          className="flex flex-wrap items-end gap-3"
        >
          {KEPT.flatMap((name) => params.getAll(name).map((value) => ({ name, value }))).map(
            ({ name, value }) => (
              <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
            ),
          )}
          <DateRange id="dashboard-date" from={range.from} to={range.to} required />
          {options && filters ? (
            <CategoryTree categories={options.categories} selected={filters.category} />
          ) : null}
          {lists.map((select) => (
            <MultiSelect key={select.name} {...select} />
          ))}
          {children}
          <button type="submit" className="btn-primary">
            {t('filters.apply')}
          </button>
        </Form>
      </div>
      <p className="hidden text-sm text-slate-600 print:block">
        {t('dashboard.filter.period', { from: formatChartDay(range.from), to: formatChartDay(range.to) })}
      </p>
    </div>
  );
}
