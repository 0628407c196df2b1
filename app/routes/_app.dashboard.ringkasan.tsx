import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CardGroup } from '~/components/dashboard/card-group';
import { DashboardFilters } from '~/components/dashboard/dashboard-filters';
import { DashboardHeader } from '~/components/dashboard/dashboard-header';
import { MetricCard } from '~/components/dashboard/metric-card';
import { openDashboard } from '~/lib/dashboard/filters.server';
import { formatMeasure, slaTone } from '~/lib/dashboard/format';
import { loadFilterOptions, loadWidgets } from '~/lib/dashboard/load.server';
import type { Measure } from '~/lib/dashboard/pages';
import { pageTitle } from '~/lib/meta';
import { widgetApi, type SummaryCard } from '~/lib/upstream/widgets.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope, user, filters, query } = await openDashboard(request, context, 'ringkasan');
  // One upstream call answers all sixteen cards (summary/card), each as its own widget would.
  const [options, { summary }] = await Promise.all([
    loadFilterOptions(api, { scope, user }),
    loadWidgets({ summary: widgetApi.summary(api, { scope, query }) }),
  ]);
  const card = (key: SummaryCard) => summary?.[key] ?? null;
  const cards = {
    salesGmv: card('sales_gross_margin'),
    newOrders: card('sales_new_orders'),
    incomingOrders: card('sales_incoming_orders'),
    unitsSold: card('sales_order_product'),
    averageSalesPrice: card('sales_average_sales_price'),
    vendorGmv: card('vendor_gross_margin'),
    vendorSold: card('vendor_sold_product'),
    inStockRate: card('vendor_average_in_stock_rate'),
    sla: card('vendor_average_sla'),
    productGmv: card('product_gross_margin'),
    productSold: card('product_sold_product'),
    runRate: card('product_average_run_rate'),
    weeksOfSupply: card('product_average_weeks_of_supply'),
    newBuyers: card('customer_new_customer'),
    regularBuyers: card('customer_regular'),
    loyalBuyers: card('customer_loyal'),
  };
  return json({ filters, options, cards });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'dashboardRingkasan' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

type CardKey = keyof SerializeFrom<typeof loader>['cards'];

/** The four groups, each card with what it measures; each group links to its own dashboard. */
const GROUPS: { key: string; path: string; cards: { key: CardKey; label: string; measure: Measure }[] }[] = [
  {
    key: 'sales',
    path: '/dashboard/penjualan',
    cards: [
      { key: 'salesGmv', label: 'gmv', measure: 'money' },
      { key: 'newOrders', label: 'newOrders', measure: 'count' },
      { key: 'incomingOrders', label: 'incomingOrders', measure: 'count' },
      { key: 'unitsSold', label: 'unitsSold', measure: 'count' },
      { key: 'averageSalesPrice', label: 'averageSalesPrice', measure: 'money' },
    ],
  },
  {
    key: 'vendor',
    path: '/dashboard/vendor',
    cards: [
      { key: 'vendorGmv', label: 'gmv', measure: 'money' },
      { key: 'vendorSold', label: 'productsSold', measure: 'count' },
      { key: 'inStockRate', label: 'averageInStockRate', measure: 'percent' },
      { key: 'sla', label: 'sla', measure: 'hours' },
    ],
  },
  {
    key: 'product',
    path: '/dashboard/produk',
    cards: [
      { key: 'productGmv', label: 'gmv', measure: 'money' },
      { key: 'productSold', label: 'productsSold', measure: 'count' },
      { key: 'runRate', label: 'averageRunRate', measure: 'decimal' },
      { key: 'weeksOfSupply', label: 'averageWeeksOfSupply', measure: 'decimal' },
    ],
  },
  {
    key: 'customer',
    path: '/dashboard/pembeli',
    cards: [
      { key: 'newBuyers', label: 'newBuyers', measure: 'count' },
      { key: 'regularBuyers', label: 'regularBuyers', measure: 'count' },
      { key: 'loyalBuyers', label: 'loyalBuyers', measure: 'count' },
    ],
  },
];

export default function DashboardSummaryPage() {
  const { filters, options, cards } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <DashboardHeader page="ringkasan" />
      <DashboardFilters today={filters.today} range={filters.range} filters={filters} options={options} />
      {GROUPS.map((group) => (
        <CardGroup key={group.key} title={t(`dashboard.group.${group.key}`)} detailPath={group.path}>
          {group.cards.map((card) => (
            <MetricCard
              key={card.key}
              label={t(`dashboard.card.${card.label}`)}
              value={cards[card.key]}
              format={(value) => formatMeasure(card.measure, value, 'short', t('dashboard.hours'))}
              goodWhenDown={card.measure === 'hours'}
              valueTone={card.measure === 'hours' ? slaTone(cards[card.key]?.current_period ?? null) : null}
            />
          ))}
        </CardGroup>
      ))}
    </section>
  );
}
