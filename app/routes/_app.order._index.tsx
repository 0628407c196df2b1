import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { CategoryTree } from '~/components/dashboard/category-tree';
import { DataTable } from '~/components/data-table';
import { ListFilters } from '~/components/list-filters';
import { BulkOrderActions } from '~/components/order/bulk-ready';
import { useOrderColumns, useOrderItemColumns } from '~/components/order/order-columns';
import { PendingOfferList } from '~/components/order/pending-offers';
import { OrderViewSwitch } from '~/components/order/view-switch';
import { Pagination } from '~/components/pagination';
import { StatusTabs } from '~/components/status-tabs';
import { userCan } from '~/lib/access';
import { formatMoney } from '~/lib/format';
import { pageTitle } from '~/lib/meta';
import { bulkReady } from '~/lib/order/bulk.server';
import { orderListQuery, pendingOffers } from '~/lib/order/list.server';
import { BRAND_ORDER_TABS, VENDOR_ORDER_TABS } from '~/lib/order-status';
import { requireScope } from '~/lib/scope.server';
import { useLiveReload } from '~/lib/use-channel';
import { optionsApi } from '~/lib/upstream/options.server';
import { widgetApi } from '~/lib/upstream/widgets.server';
import { orderApi } from '~/lib/upstream/orders.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, scope } = await requireScope(request, context, 'order.list');
  const url = new URL(request.url);
  const { query, voucherId } = orderListQuery(url);
  const itemView = userCan(user, 'order.item-view') && url.searchParams.get('view') === 'item';
  const [orders, items, total, channels, vendors, offers, categories] = await Promise.all([
    itemView ? null : orderApi.list(api, { scope, query }),
    itemView ? orderApi.items(api, { scope, query }) : null,
    orderApi.total(api, { scope, query }),
    scope.kind === 'brand'
      ? optionsApi.channels(api, { brandId: scope.id, keptFor: user.id })
      : optionsApi.vendorChannels(api, { vendorId: scope.id, keptFor: user.id }),
    scope.kind === 'brand'
      ? optionsApi.vendors(api, { brandId: scope.id, keptFor: user.id })
      : Promise.resolve([]),
    pendingOffers(api, { scope, page: Number(url.searchParams.get('offers_page')) || 1 }),
    itemView ? widgetApi.categories(api, { scope, keptFor: user.id }) : Promise.resolve([]),
  ]);
  return json({
    scope,
    voucherId,
    isAdmin: userCan(user, 'order.item-view'),
    orders,
    items,
    total,
    channels,
    vendors,
    offers,
    categories,
  });
}

/** Bulk step on the vendor list: the selected new orders become ready to deliver, all or none. */
export async function action({ request, context }: ActionFunctionArgs) {
  return bulkReady(request, context);
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'orders' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function OrderListPage() {
  const { scope, voucherId, isAdmin, orders, items, total, channels, vendors, offers, categories } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const confirmReady = useActionData<typeof action>()?.confirmReady;
  const live = useLiveReload(`private-${scope.kind}.${scope.id}.order-status`, 'OrderStatusChanged');
  const vendorView = scope.kind === 'vendor';
  const exportHref = `/order/export?${params.toString()}`;

  const columns = useOrderColumns(vendorView ? 'vendor' : 'brand');
  const itemColumns = useOrderItemColumns();

  return (
    <section aria-labelledby="page-title" className="space-y-4" data-live-updates={live ? 'on' : undefined}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold">
          {t('nav.order')}
        </h1>
        <a href={exportHref} className="btn-secondary" download>
          {t('order.export')}
        </a>
      </div>
      {vendorView ? <PendingOfferList offers={offers} /> : null}
      <ListFilters
        searchLabel={t('order.search')}
        hidden={Object.fromEntries(
          ['status', 'view', 'send-payment'].flatMap((name) =>
            params.get(name) ? [[name, params.get(name) ?? '']] : [],
          ),
        )}
        multiSelects={
          vendorView
            ? [{ name: 'channel', label: t('order.channel'), options: channels }]
            : [
                { name: 'vendor', label: t('order.vendor'), options: vendors },
                { name: 'channel', label: t('order.channel'), options: channels },
              ]
        }
      >
        {items ? <CategoryTree categories={categories} selected={params.getAll('category')} /> : null}
      </ListFilters>
      <div className="card max-w-xs p-4">
        <p className="text-sm text-slate-600">
          {voucherId ? t('order.voucherTotal') : t('order.totalSales')}
        </p>
        <p className="text-2xl font-semibold tabular-nums">{formatMoney(total, 'IDR ')}</p>
        {voucherId ? (
          <p className="mt-2 text-sm text-slate-600">
            {t('order.voucherOrders')}{' '}
            <Link to="/order?status=Terbayar" className="text-brand-700 hover:underline">
              {t('order.voucherAll')}
            </Link>
          </p>
        ) : null}
      </div>
      {isAdmin ? <OrderViewSwitch /> : null}
      <StatusTabs
        statuses={vendorView ? VENDOR_ORDER_TABS : BRAND_ORDER_TABS}
        label={t('order.statusTabs')}
      />
      {vendorView ? <BulkOrderActions /> : null}
      {confirmReady ? (
        <ConfirmDialog
          title={t('order.bulkConfirmTitle')}
          text={t('order.bulkConfirmText', { count: confirmReady.length })}
          confirmLabel={t('order.bulkConfirm')}
          closeTo={`/order?${params.toString()}`}
          intent="ready"
          fields={{ order_ids: confirmReady }}
          destructive={false}
          reloadDocument
        />
      ) : null}
      {items ? (
        <>
          <DataTable
            caption={t('order.itemCaption')}
            rowKey={(row) => row.id}
            rows={items.data}
            defaultSort={{ key: 'order_number', order: 'desc' }}
            columns={itemColumns}
          />
          <Pagination meta={items.meta} />
        </>
      ) : orders ? (
        <>
          <DataTable
            caption={t('order.caption')}
            rowKey={(row) => row.id}
            rows={orders.data}
            columns={columns}
            defaultSort={{ key: 'number', order: 'desc' }}
          />
          <Pagination meta={orders.meta} />
        </>
      ) : null}
    </section>
  );
}
