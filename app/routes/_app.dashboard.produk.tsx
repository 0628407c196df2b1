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
import { formatMeasure } from '~/lib/dashboard/format';
import { loadFilterOptions, loadWidgets } from '~/lib/dashboard/load.server';
import { formatMoney } from '~/lib/format';
import { pageTitle } from '~/lib/meta';
import { widgetApi, type ProductRow } from '~/lib/upstream/widgets.server';

/** GMV and Produk terjual are the selectable cards. */
const SERIES = {
  gmv: 'product/chart/gross-margin-period',
  productsSold: 'product/chart/sold-product-period',
} as const;
type SeriesKey = keyof typeof SERIES;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope, user, url, filters, query } = await openDashboard(request, context, 'produk');
  const series = seriesOf(url, Object.keys(SERIES) as SeriesKey[]);
  const [options, { chart, table, ...cards }] = await Promise.all([
    loadFilterOptions(api, { scope, user }),
    loadWidgets({
      gmv: widgetApi.card(api, { scope, query, path: 'product/card/gross-margin' }),
      productsSold: widgetApi.card(api, { scope, query, path: 'product/card/sold-product' }),
      runRate: widgetApi.card(api, { scope, query, path: 'product/card/average-run-rate' }),
      weeksOfSupply: widgetApi.card(api, { scope, query, path: 'product/card/average-weeks-of-supply' }),
      chart: widgetApi.chart(api, { scope, query, path: SERIES[series] }),
      table: widgetApi.products(api, { scope, query: { ...query, ...tableQuery(url) } }),
    }),
  ]);
  return json({ filters, options, series, cards, chart, table });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'dashboardProduk' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function DashboardProductPage() {
  const { filters, options, series, cards, chart, table } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const seriesHref = useSeriesHref();
  const count = (value: number) => formatMeasure('count', value, 'full');
  const decimal = (value: number) => formatMeasure('decimal', value, 'short');
  const columns: Column<ProductRow>[] = [
    { key: 'name', header: t('dashboard.table.productName'), sortKey: 'name', cell: (row) => row.name },
    {
      key: 'category',
      header: t('dashboard.table.category'),
      sortKey: 'category_name',
      cell: (row) => row.category_name ?? '–',
    },
    { key: 'sku', header: t('dashboard.table.sku'), sortKey: 'sku', cell: (row) => row.sku },
    {
      key: 'gmv',
      header: t('dashboard.table.gmv'),
      sortKey: 'total_price',
      align: 'right',
      cell: (row) => formatMoney(row.total_price),
    },
    {
      key: 'sold',
      header: t('dashboard.table.sold'),
      sortKey: 'total_sold',
      align: 'right',
      cell: (row) => count(row.total_sold),
    },
    {
      key: 'orders',
      header: t('dashboard.table.totalOrder'),
      sortKey: 'total_order',
      align: 'right',
      cell: (row) => count(row.total_order),
    },
  ];

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <DashboardHeader page="produk" />
      <DashboardFilters today={filters.today} range={filters.range} filters={filters} options={options} />
      <CardGroup title={t('dashboard.group.product')}>
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
        <MetricCard label={t('dashboard.card.averageRunRate')} value={cards.runRate} format={decimal} />
        <MetricCard
          label={t('dashboard.card.averageWeeksOfSupply')}
          value={cards.weeksOfSupply}
          format={decimal}
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
        title={t('dashboard.table.productPerformance')}
        columns={columns}
        page={table}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
