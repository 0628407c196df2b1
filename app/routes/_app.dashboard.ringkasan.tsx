import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CardGroup } from '~/components/dashboard/card-group';
import { DashboardFilters } from '~/components/dashboard/dashboard-filters';
import { DashboardHeader } from '~/components/dashboard/dashboard-header';
import { MetricCard } from '~/components/dashboard/metric-card';
import { readFilters, requireDashboardScope, widgetQuery } from '~/lib/dashboard/filters.server';
import { formatMeasure, slaTone } from '~/lib/dashboard/format';
import { loadFilterOptions, loadWidgets } from '~/lib/dashboard/load.server';
import { INCOMING_ORDER_STATUSES, NEW_ORDER_STATUS, type Measure } from '~/lib/dashboard/pages';
import { pageTitle } from '~/lib/meta';
import { widgetApi, type CardWidget } from '~/lib/upstream/widgets.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope } = await requireDashboardScope(request, context, 'ringkasan');
  const filters = readFilters(new URL(request.url), scope);
  const query = widgetQuery(filters);
  const card = (path: CardWidget, extra = {}) =>
    widgetApi.card(api, { scope, path, query: { ...query, ...extra } });
  const [options, cards] = await Promise.all([
    loadFilterOptions(api, { scope }),
    loadWidgets({
      salesGmv: card('sales/card/gross-margin'),
      newOrders: card('sales/card/invoice', { status: NEW_ORDER_STATUS }),
      incomingOrders: card('sales/card/invoice', { status: INCOMING_ORDER_STATUSES }),
      unitsSold: card('sales/card/order-product'),
      averageSalesPrice: card('sales/card/average-sales-price'),
      vendorGmv: card('vendor/card/gross-margin'),
      vendorSold: card('vendor/card/sold-product'),
      inStockRate: card('vendor/card/average-in-stock-rate'),
      sla: card('vendor/card/average-sla'),
      productGmv: card('product/card/gross-margin'),
      productSold: card('product/card/sold-product'),
      runRate: card('product/card/average-run-rate'),
      weeksOfSupply: card('product/card/average-weeks-of-supply'),
      newBuyers: card('customer/card/new-customer'),
      regularBuyers: card('customer/card/customer-regular'),
      loyalBuyers: card('customer/card/loyal-customer'),
    }),
  ]);
  return json({ filters, options, cards });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'dashboardRingkasan' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

type CardKey = keyof SerializeFrom<typeof loader>['cards'];

/** The four groups of spec §2, each card with what it measures; each group links to its own dashboard. */
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
