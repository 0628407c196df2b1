import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { Column } from '~/components/data-table';
import { CardGroup, useSeriesHref } from '~/components/dashboard/card-group';
import { DashboardFilters } from '~/components/dashboard/dashboard-filters';
import { DashboardHeader } from '~/components/dashboard/dashboard-header';
import { DashboardTable } from '~/components/dashboard/dashboard-table';
import { MetricCard } from '~/components/dashboard/metric-card';
import { SeriesChart } from '~/components/dashboard/series-chart';
import { openDashboard, seriesOf, tableQuery } from '~/lib/dashboard/filters.server';
import { formatMeasure, slaTone } from '~/lib/dashboard/format';
import { loadFilterOptions, loadWidgets } from '~/lib/dashboard/load.server';
import { formatMoney } from '~/lib/format';
import { pageTitle } from '~/lib/meta';
import { widgetApi, type VendorRow } from '~/lib/upstream/widgets.server';

/** GMV and Produk terjual are the selectable cards. */
const SERIES = {
  gmv: 'vendor/chart/gross-margin-period',
  productsSold: 'vendor/chart/sold-product-period',
} as const;
type SeriesKey = keyof typeof SERIES;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope, user, url, filters, query } = await openDashboard(request, context, 'vendor');
  const series = seriesOf(url, Object.keys(SERIES) as SeriesKey[]);
  const [options, { chart, table, ...cards }] = await Promise.all([
    loadFilterOptions(api, { scope, user }),
    loadWidgets({
      gmv: widgetApi.card(api, { scope, query, path: 'vendor/card/gross-margin' }),
      productsSold: widgetApi.card(api, { scope, query, path: 'vendor/card/sold-product' }),
      inStockRate: widgetApi.card(api, { scope, query, path: 'vendor/card/average-in-stock-rate' }),
      sla: widgetApi.card(api, { scope, query, path: 'vendor/card/average-sla' }),
      chart: widgetApi.chart(api, { scope, query, path: SERIES[series] }),
      table: widgetApi.vendors(api, { scope, query: { ...query, ...tableQuery(url) } }),
    }),
  ]);
  return json({ filters, options, series, cards, chart, table });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'dashboardVendor' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function DashboardVendorPage() {
  const { filters, options, series, cards, chart, table } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const seriesHref = useSeriesHref();
  const hours = (value: number) => formatMeasure('hours', value, 'short', t('dashboard.hours'));
  const percent = (value: number) => formatMeasure('percent', value, 'short');
  const columns: Column<VendorRow>[] = [
    { key: 'name', header: t('dashboard.table.vendor'), sortKey: 'name', cell: (row) => row.name },
    { key: 'city', header: t('dashboard.table.area'), sortKey: 'city', cell: (row) => row.city ?? '–' },
    {
      key: 'inStock',
      header: t('dashboard.table.inStockRate'),
      sortKey: 'in_stock_rate',
      align: 'right',
      cell: (row) => (row.in_stock_rate === null ? '–' : percent(row.in_stock_rate)),
    },
    {
      key: 'sla',
      header: t('dashboard.table.sla'),
      sortKey: 'sla',
      align: 'right',
      cell: (row) =>
        row.sla === null ? (
          '–'
        ) : (
          <span
            className={
              slaTone(row.sla) === 'bad'
                ? 'text-red-700'
                : slaTone(row.sla) === 'good'
                  ? 'text-green-700'
                  : ''
            }
          >
            {hours(row.sla)}
          </span>
        ),
    },
    {
      key: 'gmv',
      header: t('dashboard.table.gmv'),
      sortKey: 'grand_total',
      align: 'right',
      cell: (row) => formatMoney(row.grand_total),
    },
    {
      key: 'sold',
      header: t('dashboard.table.unitsSold'),
      sortKey: 'total_sold',
      align: 'right',
      cell: (row) => formatMeasure('count', row.total_sold, 'full'),
    },
  ];

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <DashboardHeader page="vendor" />
      <DashboardFilters today={filters.today} range={filters.range} filters={filters} options={options} />
      <CardGroup title={t('dashboard.group.vendor')}>
        <MetricCard
          label={t('dashboard.card.gmv')}
          value={cards.gmv}
          format={(value) => formatMeasure('money', value, 'short')}
          selectHref={seriesHref('gmv')}
          selected={series === 'gmv'}
        />
        <MetricCard
          label={t('dashboard.card.productsSold')}
          value={cards.productsSold}
          format={(value) => formatMeasure('count', value, 'short')}
          selectHref={seriesHref('productsSold')}
          selected={series === 'productsSold'}
        />
        <MetricCard
          label={t('dashboard.card.averageInStockRate')}
          value={cards.inStockRate}
          format={percent}
        />
        <MetricCard
          label={t('dashboard.card.sla')}
          value={cards.sla}
          format={hours}
          goodWhenDown
          valueTone={slaTone(cards.sla?.current_period ?? null)}
        />
      </CardGroup>
      <div className="card p-4">
        <SeriesChart
          title={t(`dashboard.chart.${series}`)}
          current={chart?.current ?? []}
          previous={chart?.previous ?? []}
          measure={series === 'gmv' ? 'money' : 'count'}
        />
      </div>
      <DashboardTable
        title={t('dashboard.table.vendorPerformance')}
        columns={columns}
        page={table}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
