import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { Column } from '~/components/data-table';
import { CardGroup, useSeriesHref } from '~/components/dashboard/card-group';
import { DashboardFilters } from '~/components/dashboard/dashboard-filters';
import { DashboardHeader } from '~/components/dashboard/dashboard-header';
import { DashboardTable } from '~/components/dashboard/dashboard-table';
import { DoughnutChart } from '~/components/dashboard/doughnut-chart';
import { MetricCard } from '~/components/dashboard/metric-card';
import { SeriesChart } from '~/components/dashboard/series-chart';
import { openDashboard, seriesOf, tableQuery } from '~/lib/dashboard/filters.server';
import { formatMeasure } from '~/lib/dashboard/format';
import { loadFilterOptions, loadWidgets } from '~/lib/dashboard/load.server';
import type { RankedRow, Slice } from '~/lib/dashboard/types';
import { formatMoney } from '~/lib/format';
import { pageTitle } from '~/lib/meta';
import { widgetApi, type CityRow } from '~/lib/upstream/widgets.server';

/** All three buyer cards are selectable, each with its daily chart. */
const SERIES = {
  newBuyers: { card: 'customer/card/new-customer', chart: 'customer/chart/new-customer-period' },
  regularBuyers: { card: 'customer/card/customer-regular', chart: 'customer/chart/customer-regular-period' },
  loyalBuyers: { card: 'customer/card/loyal-customer', chart: 'customer/chart/loyal-customer-period' },
} as const;
type SeriesKey = keyof typeof SERIES;
const SERIES_KEYS = Object.keys(SERIES) as SeriesKey[];

/**
 * Doughnuts show the four largest slices and the rest as one ("Berdasarkan Kota" per the spec; payment methods
 * too, as the demo has ten of them and the spec's palette five colours).
 */
const TOP_SLICES = 4;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope, user, url, filters, query } = await openDashboard(request, context, 'pembeli');
  const series = seriesOf(url, SERIES_KEYS);
  const [options, { chart, table, gender, payments, cities, ...cards }] = await Promise.all([
    loadFilterOptions(api, { scope, user }),
    loadWidgets({
      newBuyers: widgetApi.card(api, { scope, query, path: SERIES.newBuyers.card }),
      regularBuyers: widgetApi.card(api, { scope, query, path: SERIES.regularBuyers.card }),
      loyalBuyers: widgetApi.card(api, { scope, query, path: SERIES.loyalBuyers.card }),
      chart: widgetApi.chart(api, { scope, query, path: SERIES[series].chart }),
      table: widgetApi.customerCities(api, { scope, query: { ...query, ...tableQuery(url) } }),
      gender: widgetApi.gender(api, { scope, query }),
      payments: widgetApi.paymentMethods(api, { scope, query }),
      cities: widgetApi.cities(api, { scope, query }),
    }),
  ]);
  return json({
    filters,
    options,
    series,
    cards,
    chart,
    table,
    gender: gender?.current_period ?? null,
    payments: payments?.current_period ?? [],
    cities: cities?.current_period ?? [],
  });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'dashboardPembeli' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

function slicesOf(rows: RankedRow[], unknown: string, others: string, limit: number): Slice[] {
  const named = rows.map((row) => ({ label: row.label ?? unknown, value: row.value }));
  if (named.length <= limit) return named;
  const rest = named.slice(limit).reduce((sum, row) => sum + row.value, 0);
  return [...named.slice(0, limit), { label: others, value: rest }];
}

export default function DashboardBuyerPage() {
  const { filters, options, series, cards, chart, table, gender, payments, cities } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const seriesHref = useSeriesHref();
  const count = (value: number) => formatMeasure('count', value, 'full');
  const columns: Column<CityRow>[] = [
    {
      key: 'city',
      header: t('dashboard.table.city'),
      sortKey: 'recipient_city',
      cell: (row) => row.recipient_city ?? t('dashboard.unknown'),
    },
    {
      key: 'buyers',
      header: t('dashboard.table.buyers'),
      sortKey: 'total_customer',
      align: 'right',
      cell: (row) => count(row.total_customer),
    },
    {
      key: 'orders',
      header: t('dashboard.table.orders'),
      sortKey: 'total_order',
      align: 'right',
      cell: (row) => count(row.total_order),
    },
    {
      key: 'items',
      header: t('dashboard.table.items'),
      sortKey: 'total_item',
      align: 'right',
      cell: (row) => count(row.total_item),
    },
    {
      key: 'value',
      header: t('dashboard.table.orderValue'),
      sortKey: 'grand_total',
      align: 'right',
      cell: (row) => formatMoney(row.grand_total),
    },
  ];
  const genderSlices: Slice[] = gender
    ? [
        { label: t('dashboard.gender.others'), value: gender.others },
        { label: t('dashboard.gender.male'), value: gender.male },
        { label: t('dashboard.gender.female'), value: gender.female },
      ]
    : [];

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <DashboardHeader page="pembeli" />
      <DashboardFilters today={filters.today} range={filters.range} filters={filters} options={options} />
      <CardGroup title={t('dashboard.group.customer')}>
        {SERIES_KEYS.map((key) => (
          <MetricCard
            key={key}
            label={t(`dashboard.card.${key}`)}
            value={cards[key]}
            format={(value) => formatMeasure('count', value, 'short')}
            selectHref={seriesHref(key)}
            selected={series === key}
          />
        ))}
      </CardGroup>
      <div className="card p-4">
        <SeriesChart
          title={t(`dashboard.chart.${series}`)}
          current={chart?.current ?? []}
          previous={chart?.previous ?? []}
          measure="count"
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-3 print:grid-cols-3">
        <div className="card break-inside-avoid p-4">
          <DoughnutChart
            title={t('dashboard.doughnut.gender')}
            slices={genderSlices}
            valueHeader={t('dashboard.table.buyers')}
          />
        </div>
        <div className="card break-inside-avoid p-4">
          <DoughnutChart
            title={t('dashboard.doughnut.payment')}
            slices={slicesOf(payments, t('dashboard.unknown'), t('dashboard.others'), TOP_SLICES)}
            valueHeader={t('dashboard.table.orders')}
          />
        </div>
        <div className="card break-inside-avoid p-4">
          <DoughnutChart
            title={t('dashboard.doughnut.city')}
            slices={slicesOf(cities, t('dashboard.unknown'), t('dashboard.others'), TOP_SLICES)}
            valueHeader={t('dashboard.table.orders')}
          />
        </div>
      </div>
      <DashboardTable
        title={t('dashboard.table.buyerPerformance')}
        columns={columns}
        page={table}
        rowKey={(row) => row.recipient_city ?? ''}
      />
    </section>
  );
}
