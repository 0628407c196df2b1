import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import type { Side } from '../../contract/access';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { Column } from '~/components/data-table';
import { CardGroup, useSeriesHref } from '~/components/dashboard/card-group';
import { DashboardFilters } from '~/components/dashboard/dashboard-filters';
import { DashboardHeader } from '~/components/dashboard/dashboard-header';
import { DashboardTable } from '~/components/dashboard/dashboard-table';
import { MetricCard } from '~/components/dashboard/metric-card';
import { SeriesChart } from '~/components/dashboard/series-chart';
import { StatusBadge } from '~/components/status-badge';
import { openDashboard, seriesOf, tableQuery } from '~/lib/dashboard/filters.server';
import { formatMeasure } from '~/lib/dashboard/format';
import { loadFilterOptions, loadWidgets } from '~/lib/dashboard/load.server';
import { INCOMING_ORDER_STATUSES, NEW_ORDER_STATUS } from '~/lib/dashboard/pages';
import { formatDateTime, formatMoney } from '~/lib/format';
import { pageTitle } from '~/lib/meta';
import {
  widgetApi,
  type CardWidget,
  type ChartWidget,
  type InvoiceRow,
  type VendorOrderRow,
} from '~/lib/upstream/widgets.server';

/** The chart behind each selectable card; vendors have their own order count and no units sold. */
const SERIES = {
  brand: {
    gmv: 'sales/chart/gross-margin-period',
    newOrders: 'sales/chart/invoice-period',
    unitsSold: 'sales/chart/order-product-period',
    averageSalesPrice: 'sales/chart/average-sales-price',
  },
  vendor: {
    gmv: 'sales/chart/gross-margin-period',
    newOrders: 'sales/chart/order-period',
    averageSalesPrice: 'sales/chart/average-sales-price',
  },
} satisfies Record<Side, Record<string, ChartWidget>>;
type SeriesKey = keyof typeof SERIES.brand;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope, user, url, filters, query } = await openDashboard(request, context, 'penjualan');
  const vendorSide = scope.kind === 'vendor';
  const charts: Partial<Record<SeriesKey, ChartWidget>> = SERIES[scope.kind];
  const series = seriesOf(url, Object.keys(charts) as SeriesKey[]);
  const input = (extra = {}) => ({ scope, query: { ...query, ...extra } });
  const card = (path: CardWidget, extra = {}) => widgetApi.card(api, { path, ...input(extra) });
  // Orders are counted per invoice on the brand side and per order on the vendor side.
  const orderCount: CardWidget = vendorSide ? 'sales/card/new-order' : 'sales/card/invoice';
  const [options, widgets] = await Promise.all([
    loadFilterOptions(api, { scope, user }),
    loadWidgets({
      gmv: card('sales/card/gross-margin'),
      newOrders: card(orderCount, { status: NEW_ORDER_STATUS }),
      incomingOrders: card(orderCount, { status: INCOMING_ORDER_STATUSES }),
      unitsSold: vendorSide ? null : card('sales/card/order-product'),
      averageSalesPrice: card('sales/card/average-sales-price'),
      inStockRate: vendorSide ? null : card('product/card/average-in-stock-rate'),
      chart: widgetApi.chart(api, { path: charts[series] ?? SERIES.brand.gmv, ...input() }),
      invoices: vendorSide ? null : widgetApi.invoices(api, input(tableQuery(url))),
      orders: vendorSide ? widgetApi.vendorOrders(api, input(tableQuery(url))) : null,
    }),
  ]);
  const { chart, invoices, orders, ...cards } = widgets;
  return json({ filters, options, vendorSide, series, cards, chart, invoices, orders });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'dashboardPenjualan' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function DashboardSalesPage() {
  const { filters, options, vendorSide, series, cards, chart, invoices, orders } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const seriesHref = useSeriesHref();
  const money = (value: number) => formatMeasure('money', value, 'short');
  const count = (value: number) => formatMeasure('count', value, 'short');
  const selectable = (key: SeriesKey) => ({ selectHref: seriesHref(key), selected: series === key });

  const invoiceColumns: Column<InvoiceRow>[] = [
    {
      key: 'number',
      header: t('dashboard.table.invoiceNumber'),
      sortKey: 'external_number',
      cell: (row) => (
        <Link to={`/invoice/${row.id}`} className="font-medium text-brand-700 hover:underline">
          {row.external_number}
        </Link>
      ),
    },
    {
      key: 'date',
      header: t('dashboard.table.date'),
      sortKey: 'created_at',
      cell: (row) => formatDateTime(row.created_at),
    },
    {
      key: 'customer',
      header: t('dashboard.table.customer'),
      sortKey: 'customer_name',
      cell: (row) => row.customer_name ?? '–',
    },
    {
      key: 'channel',
      header: t('dashboard.table.channel'),
      sortKey: 'channel_name',
      cell: (row) => row.channel_name ?? '–',
    },
    {
      key: 'total',
      header: t('dashboard.table.total'),
      sortKey: 'grand_total',
      align: 'right',
      cell: (row) => formatMoney(row.grand_total),
    },
    {
      key: 'status',
      header: t('dashboard.table.status'),
      sortKey: 'status',
      cell: (row) => <StatusBadge status={row.status} />,
    },
  ];
  const orderColumns: Column<VendorOrderRow>[] = [
    {
      key: 'number',
      header: t('dashboard.table.invoiceNumber'),
      sortKey: 'external_number',
      cell: (row) => (
        <Link to={`/order/${row.id}`} className="font-medium text-brand-700 hover:underline">
          {row.external_number ?? row.number}
        </Link>
      ),
    },
    { key: 'order', header: t('dashboard.table.orderNumber'), sortKey: 'number', cell: (row) => row.number },
    {
      key: 'date',
      header: t('dashboard.table.date'),
      sortKey: 'created_at',
      cell: (row) => formatDateTime(row.created_at),
    },
    {
      key: 'customer',
      header: t('dashboard.table.customer'),
      sortKey: 'customer_name',
      cell: (row) => row.customer_name ?? '–',
    },
    { key: 'brand', header: t('dashboard.table.brand'), cell: (row) => row.brand_name ?? '–' },
    {
      key: 'total',
      header: t('dashboard.table.total'),
      sortKey: 'grand_total',
      align: 'right',
      cell: (row) => formatMoney(row.grand_total),
    },
    {
      key: 'status',
      header: t('dashboard.table.status'),
      sortKey: 'status',
      cell: (row) => <StatusBadge status={row.status} />,
    },
  ];

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <DashboardHeader page="penjualan" />
      <DashboardFilters today={filters.today} range={filters.range} filters={filters} options={options} />
      <CardGroup title={t('dashboard.group.sales')}>
        <MetricCard label={t('dashboard.card.gmv')} value={cards.gmv} format={money} {...selectable('gmv')} />
        <MetricCard
          label={t('dashboard.card.newOrders')}
          value={cards.newOrders}
          format={count}
          {...selectable('newOrders')}
        />
        <MetricCard label={t('dashboard.card.incomingOrders')} value={cards.incomingOrders} format={count} />
        {vendorSide ? null : (
          <MetricCard
            label={t('dashboard.card.unitsSold')}
            value={cards.unitsSold}
            format={count}
            {...selectable('unitsSold')}
          />
        )}
        <MetricCard
          label={t('dashboard.card.averageSalesPrice')}
          value={cards.averageSalesPrice}
          format={money}
          {...selectable('averageSalesPrice')}
        />
        {vendorSide ? null : (
          <MetricCard
            label={t('dashboard.card.averageInStockRate')}
            value={cards.inStockRate}
            format={(value) => formatMeasure('percent', value, 'short')}
          />
        )}
      </CardGroup>
      <div className="card p-4">
        <SeriesChart
          title={t(`dashboard.chart.${series}`)}
          current={chart?.current ?? []}
          previous={chart?.previous ?? []}
          measure={series === 'gmv' || series === 'averageSalesPrice' ? 'money' : 'count'}
        />
      </div>
      {vendorSide ? (
        <DashboardTable
          title={t('dashboard.table.newOrders')}
          columns={orderColumns}
          page={orders}
          rowKey={(row) => row.id}
        />
      ) : (
        <DashboardTable
          title={t('dashboard.table.newOrders')}
          columns={invoiceColumns}
          page={invoices}
          rowKey={(row) => row.id}
        />
      )}
    </section>
  );
}
