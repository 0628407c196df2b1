import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CardGroup } from '~/components/dashboard/card-group';
import { DashboardFilters } from '~/components/dashboard/dashboard-filters';
import { DateRange } from '~/components/date-range';
import { DashboardHeader } from '~/components/dashboard/dashboard-header';
import { MetricCard } from '~/components/dashboard/metric-card';
import { SeriesChart } from '~/components/dashboard/series-chart';
import { compareRangeOf, openDashboard } from '~/lib/dashboard/filters.server';
import { formatChartDay, formatMeasure } from '~/lib/dashboard/format';
import { loadWidgets } from '~/lib/dashboard/load.server';
import { pageTitle } from '~/lib/meta';
import { widgetApi, type CardWidget } from '~/lib/upstream/widgets.server';

const MAX_CITIES = 100;

/** Branches are the cities of the vendors' service areas; the range is compared with an explicit compare range. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const {
    api,
    scope,
    url,
    filters: { today, range },
  } = await openDashboard(request, context, 'branch');
  const compare = compareRangeOf(url, range);
  const cities = [...new Set(url.searchParams.getAll('city').map((city) => city.trim().slice(0, 100)))]
    .filter(Boolean)
    .slice(0, MAX_CITIES);
  const query = {
    'date-from': range.from,
    'date-to': range.to,
    'compare-from': compare.from,
    'compare-to': compare.to,
    city: cities,
  };
  const card = (path: CardWidget) => widgetApi.card(api, { scope, query, path });
  const { branches, chart, ...cards } = await loadWidgets({
    branches: widgetApi.branches(api, { scope, query: {} }),
    gmv: card('branch/card/gross-margin'),
    unitsSold: card('branch/card/sold-product'),
    canceled: card('branch/card/canceled'),
    returned: card('branch/card/returned'),
    chart: widgetApi.chart(api, { scope, query, path: 'branch/chart/gross-margin-period' }),
  });
  return json({ today, range, compare, cities, branches: branches ?? [], cards, chart });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'dashboardBranch' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function DashboardBranchPage() {
  const { today, range, compare, cities, branches, cards, chart } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const count = (value: number) => formatMeasure('count', value, 'short');
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <DashboardHeader page="branch" />
      <DashboardFilters
        today={today}
        range={range}
        resetPresetParams={['compare-from', 'compare-to']}
        multiSelects={[
          {
            name: 'city',
            label: t('dashboard.filter.branch'),
            options: branches.map((branch) => ({
              id: branch.city,
              name: t('dashboard.filter.branchOption', { city: branch.city, total: branch.total_vendor }),
            })),
            selected: cities,
          },
        ]}
      >
        <DateRange
          id="branch-compare"
          from={compare.from}
          to={compare.to}
          names={{ from: 'compare-from', to: 'compare-to' }}
          labels={{ from: t('dashboard.filter.compareFrom'), to: t('dashboard.filter.compareTo') }}
          required
        />
        <Link to="/dashboard/branch" className="btn-secondary">
          {t('dashboard.filter.reset')}
        </Link>
      </DashboardFilters>
      <p className="text-sm text-slate-600">
        {t('dashboard.filter.comparedWith', {
          from: formatChartDay(compare.from),
          to: formatChartDay(compare.to),
        })}
      </p>
      <CardGroup title={t('dashboard.group.branch')}>
        <MetricCard
          label={t('dashboard.card.gmv')}
          value={cards.gmv}
          format={(value) => formatMeasure('money', value, 'short')}
        />
        <MetricCard label={t('dashboard.card.unitsSold')} value={cards.unitsSold} format={count} />
        <MetricCard label={t('dashboard.card.canceled')} value={cards.canceled} format={count} goodWhenDown />
        <MetricCard label={t('dashboard.card.returned')} value={cards.returned} format={count} goodWhenDown />
      </CardGroup>
      <div className="card p-4">
        <SeriesChart
          title={t('dashboard.chart.gmv')}
          current={chart?.current ?? []}
          previous={chart?.previous ?? []}
          measure="money"
        />
      </div>
    </section>
  );
}
