import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { ChannelLogo } from '~/components/channel-logo';
import { CategoryTree } from '~/components/dashboard/category-tree';
import { DataTable, type Column } from '~/components/data-table';
import { DateTime } from '~/components/date-time';
import { ListFilters } from '~/components/list-filters';
import { Modal } from '~/components/modal';
import { Pagination } from '~/components/pagination';
import { StatusBadge } from '~/components/status-badge';
import { StatusTabs } from '~/components/status-tabs';
import { userCan } from '~/lib/access';
import { formatDateTime, formatMoney } from '~/lib/format';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { BRAND_ORDER_TABS, includesCanceled, VENDOR_ORDER_TABS } from '~/lib/order-status';
import { bulkReady } from '~/lib/order-bulk.server';
import { requireScope } from '~/lib/scope.server';
import { useLiveReload } from '~/lib/use-channel';
import { offerApi } from '~/lib/upstream/offers.server';
import { optionsApi } from '~/lib/upstream/options.server';
import { widgetApi } from '~/lib/upstream/widgets.server';
import { orderApi, type OrderRow } from '~/lib/upstream/orders.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, scope } = await requireScope(request, context, 'order.list');
  const url = new URL(request.url);
  const status = url.searchParams.get('status');
  const canceledFlags: Record<string, string> = includesCanceled(status)
    ? { 'with-canceled': '1', 'with-canceled-invoice': '1' }
    : {};
  // The orders of one payment voucher: where the vendor's payment notification leads.
  const voucher = url.searchParams.get('send-payment');
  const voucherId = voucher && /^\d{1,10}$/.test(voucher) ? voucher : null;
  const query = listQuery(url, { ...canceledFlags, ...(voucherId ? { 'send-payment': voucherId } : {}) });
  const itemView = userCan(user, 'order.item-view') && url.searchParams.get('view') === 'item';
  const offersPage = Number(url.searchParams.get('offers_page')) || 1;
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
    scope.kind === 'vendor'
      ? offerApi.pending(api, { vendorId: scope.id, page: offersPage }).then((page) => ({
          rows: page.data,
          total: page.meta.total,
          page: page.meta.current_page,
          lastPage: page.meta.last_page,
        }))
      : Promise.resolve({ rows: [], total: 0, page: 1, lastPage: 1 }),
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

  const brandColumns: Column<OrderRow>[] = [
    {
      key: 'number',
      header: t('order.number'),
      sortKey: 'number',
      cell: (row) => (
        <Link to={`/order/${row.id}`} className="font-medium text-brand-700 hover:underline">
          {row.number}
        </Link>
      ),
    },
    {
      key: 'created',
      header: t('order.createdAt'),
      sortKey: 'created_at',
      wrap: true,
      cell: (row) => <DateTime value={row.created_at} />,
    },
    {
      key: 'total',
      header: t('order.total'),
      sortKey: 'grand_total',
      align: 'right',
      cell: (row) => formatMoney(row.grand_total - (row.grand_total_return ?? 0), 'IDR '),
    },
    { key: 'status', header: t('order.status'), cell: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'updated',
      header: t('order.updatedAt'),
      sortKey: 'updated_at',
      wrap: true,
      phone: 'hide',
      cell: (row) => <DateTime value={row.updated_at} />,
    },
    {
      key: 'invoice',
      header: t('order.invoice'),
      wrap: true,
      cell: (row) =>
        row.invoice_id ? (
          <Link to={`/invoice/${row.invoice_id}`} className="text-brand-700 hover:underline">
            {row.invoice_external_number}
          </Link>
        ) : (
          '–'
        ),
    },
    { key: 'vendor', header: t('order.vendor'), wrap: true, cell: (row) => row.vendor_name ?? '–' },
    { key: 'channel', header: t('order.channel'), cell: (row) => <ChannelLogo name={row.channel_name} /> },
    {
      key: 'preorder',
      header: t('order.preorder'),
      wrap: true,
      phone: 'hide',
      cell: (row) => <Preorder row={row} />,
    },
    {
      key: 'actions',
      header: t('order.actions'),
      cell: (row) =>
        row.can_change_vendor || row.can_replace_product ? (
          <span className="flex gap-2">
            {row.can_change_vendor ? (
              <Link to={`/order/${row.id}?modal=change-vendor`} className="btn-secondary px-2 py-1 text-xs">
                {t('order.changeVendor')}
              </Link>
            ) : null}
            {row.can_replace_product ? (
              <Link to={`/order/${row.id}?modal=return`} className="btn-secondary px-2 py-1 text-xs">
                {t('order.return')}
              </Link>
            ) : null}
          </span>
        ) : null,
    },
  ];
  const vendorColumns: Column<OrderRow>[] = [
    {
      key: 'select',
      header: t('order.select'),
      cell: (row) => (
        <input
          type="checkbox"
          name="order_ids"
          value={row.id}
          form="bulk-orders"
          aria-label={t('order.selectOrder', { number: row.number })}
        />
      ),
    },
    brandColumns[0],
    brandColumns[1],
    brandColumns[3],
    { key: 'preorder', header: t('order.preorder'), wrap: true, cell: (row) => <Preorder row={row} /> },
    brandColumns[4],
  ];

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
      {vendorView ? (
        <section aria-labelledby="offers-title" className="card space-y-2 p-4">
          <h2 id="offers-title" className="text-lg font-semibold">
            {t('order.pendingOffers')}
            {offers.total ? (
              <span className="ml-2 text-sm font-normal text-slate-500">({offers.total})</span>
            ) : null}
          </h2>
          {offers.total === 0 ? <p className="text-sm text-slate-500">{t('order.noOffers')}</p> : null}
          {/* A long queue scrolls inside its box, so the order list stays on the first screen. */}
          <ul
            className="max-h-64 divide-y divide-slate-100 overflow-y-auto"
            tabIndex={offers.rows.length > 5 ? 0 : undefined}
            aria-labelledby="offers-title"
          >
            {offers.rows.map((offer) => (
              <li key={offer.id} className="flex items-center justify-between gap-3 py-2 pr-1 text-sm">
                <span>
                  <span className="font-medium">{offer.invoice.external_number}</span> ·{' '}
                  {offer.invoice.recipient_name}
                  {offer.expires_at ? (
                    <span className="ml-2 text-xs text-slate-500">
                      {t('order.offerExpires', { time: formatDateTime(offer.expires_at) })}
                    </span>
                  ) : null}
                </span>
                <Link to={`/offer/${offer.id}`} className="btn-secondary px-2 py-1 text-xs">
                  {t('order.openOffer')}
                </Link>
              </li>
            ))}
          </ul>
          {offers.lastPage > 1 ? <OfferPages page={offers.page} lastPage={offers.lastPage} /> : null}
        </section>
      ) : null}
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
      {isAdmin ? (
        <nav aria-label={t('order.viewLabel')} className="flex gap-2">
          {[
            ['', t('order.viewOrder')],
            ['item', t('order.viewItem')],
          ].map(([view, label]) => {
            const next = new URLSearchParams(params);
            if (view) next.set('view', view);
            else next.delete('view');
            next.delete('page');
            const current = (params.get('view') ?? '') === view;
            return (
              <Link
                key={view || 'order'}
                to={`?${next.toString()}`}
                aria-current={current ? 'page' : undefined}
                className={current ? 'btn-primary' : 'btn-secondary'}
              >
                {label}
              </Link>
            );
          })}
        </nav>
      ) : null}
      <StatusTabs
        statuses={vendorView ? VENDOR_ORDER_TABS : BRAND_ORDER_TABS}
        label={t('order.statusTabs')}
      />
      {vendorView ? (
        <Form method="post" id="bulk-orders" reloadDocument className="flex flex-wrap items-center gap-2">
          {/* A document submission: "print selected" answers with a PDF download, not a page. */}
          <AuthenticityTokenInput />
          <button type="submit" name="intent" value="review" className="btn-secondary">
            {t('order.bulkReady')}
          </button>
          <input type="hidden" name="kind" value="sales" />
          <button type="submit" formAction="/order/print" formMethod="get" className="btn-secondary">
            {t('order.bulkPrint')}
          </button>
        </Form>
      ) : null}
      {confirmReady ? (
        <Modal title={t('order.bulkConfirmTitle')} closeTo={`/order?${params.toString()}`}>
          <Form method="post" reloadDocument className="space-y-4">
            <AuthenticityTokenInput />
            <p>{t('order.bulkConfirmText', { count: confirmReady.length })}</p>
            {confirmReady.map((id) => (
              <input key={id} type="hidden" name="order_ids" value={id} />
            ))}
            <button type="submit" name="intent" value="ready" className="btn-primary">
              {t('order.bulkConfirm')}
            </button>
          </Form>
        </Modal>
      ) : null}
      {items ? (
        <>
          <DataTable
            caption={t('order.itemCaption')}
            rowKey={(row) => row.id}
            rows={items.data}
            defaultSort={{ key: 'order_number', order: 'desc' }}
            columns={[
              { key: 'product', header: t('order.product'), cell: (row) => row.product_name },
              { key: 'category', header: t('order.category'), cell: (row) => row.category_name ?? '–' },
              {
                key: 'order',
                header: t('order.number'),
                cell: (row) => (
                  <Link to={`/order/${row.order_id}`} className="text-brand-700 hover:underline">
                    {row.order_number}
                  </Link>
                ),
              },
              {
                key: 'total',
                header: t('order.total'),
                align: 'right',
                cell: (row) => formatMoney(row.total_price, 'IDR '),
              },
              {
                key: 'status',
                header: t('order.status'),
                cell: (row) => <StatusBadge status={row.order_status} />,
              },
              {
                key: 'actions',
                header: t('order.actions'),
                cell: (row) =>
                  row.can_replace_product ? (
                    <Link
                      to={`/order/${row.order_id}?modal=return&line=${row.id}`}
                      className="btn-secondary px-2 py-1 text-xs"
                      aria-label={t('order.returnLine', { product: row.product_name })}
                    >
                      {t('order.return')}
                    </Link>
                  ) : null,
              },
            ]}
          />
          <Pagination meta={items.meta} />
        </>
      ) : orders ? (
        <>
          <DataTable
            caption={t('order.caption')}
            rowKey={(row) => row.id}
            rows={orders.data}
            columns={vendorView ? vendorColumns : brandColumns}
            defaultSort={{ key: 'number', order: 'desc' }}
          />
          <Pagination meta={orders.meta} />
        </>
      ) : null}
    </section>
  );
}

function Preorder({ row }: { row: OrderRow }) {
  const { t } = useTranslation();
  if (!row.invoice_preorder_deadline) return <>–</>;
  return (
    <span className="flex items-center gap-2">
      {formatDateTime(row.invoice_preorder_deadline)}
      {row.invoice_preorder_process_day ? (
        <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-800">
          {t('order.preorderDays', { days: row.invoice_preorder_process_day })}
        </span>
      ) : null}
    </span>
  );
}

/** The pages of the vendor's incoming offers, in the box: the order list's own filters and page stay as they are. */
function OfferPages({ page, lastPage }: { page: number; lastPage: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const href = (to: number) => {
    const next = new URLSearchParams(params);
    if (to > 1) next.set('offers_page', String(to));
    else next.delete('offers_page');
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label={t('order.offerPages')} className="flex items-center justify-between gap-2 text-xs">
      <span className="text-slate-600">{t('order.offerPage', { page, last: lastPage })}</span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link to={href(page - 1)} className="btn-secondary px-2 py-1 text-xs" preventScrollReset rel="prev">
            {t('table.previous')}
          </Link>
        ) : null}
        {page < lastPage ? (
          <Link to={href(page + 1)} className="btn-secondary px-2 py-1 text-xs" preventScrollReset rel="next">
            {t('table.next')}
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
