import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ChannelLogo } from '~/components/channel-logo';
import { DataTable } from '~/components/data-table';
import { DateTime } from '~/components/date-time';
import { ListFilters } from '~/components/list-filters';
import { Pagination } from '~/components/pagination';
import { StatusBadge } from '~/components/status-badge';
import { StatusTabs } from '~/components/status-tabs';
import { jakartaToday } from '~/lib/dates';
import { formatDateTime, formatMoney } from '~/lib/format';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { INVOICE_TABS } from '~/lib/order-status';
import { requireScope } from '~/lib/scope.server';
import { useLiveReload } from '~/lib/use-channel';
import { invoiceApi } from '~/lib/upstream/invoices.server';
import { optionsApi } from '~/lib/upstream/options.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope } = await requireScope(request, context, 'invoice.list');
  if (scope.kind !== 'brand') throw redirect('/');
  const url = new URL(request.url);
  if (!url.searchParams.has('date-from') && !url.searchParams.has('date-to')) {
    url.searchParams.set('date-from', jakartaToday());
    url.searchParams.set('date-to', jakartaToday());
    throw redirect(`${url.pathname}?${url.searchParams.toString()}`);
  }
  const status = url.searchParams.get('status');
  const query = listQuery(url, !status || status === 'Dibatalkan' ? { 'with-canceled': '1' } : {});
  const [invoices, total, channels] = await Promise.all([
    invoiceApi.list(api, { brandId: scope.id, query }),
    invoiceApi.total(api, { brandId: scope.id, query }),
    optionsApi.channels(api, { brandId: scope.id }),
  ]);
  return json({ brandId: scope.id, invoices, total, channels });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'invoices' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function InvoiceListPage() {
  const { brandId, invoices, total, channels } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useLiveReload(`private-brand.${brandId}.invoice-status`, 'InvoiceStatusChanged');
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold">
          {t('nav.invoice')}
        </h1>
        <a href={`/invoice/export?${params.toString()}`} className="btn-secondary" download>
          {t('order.export')}
        </a>
      </div>
      <ListFilters
        searchLabel={t('invoice.search')}
        hidden={params.get('status') ? { status: params.get('status') ?? '' } : {}}
        multiSelects={[{ name: 'channel', label: t('order.channel'), options: channels }]}
      />
      <div className="card max-w-xs p-4" title={t('invoice.totalHint')}>
        <p className="text-sm text-slate-600">{t('invoice.totalSales')}</p>
        <p className="text-2xl font-semibold tabular-nums">{formatMoney(total, 'IDR ')}</p>
      </div>
      <StatusTabs statuses={INVOICE_TABS} label={t('order.statusTabs')} />
      <DataTable
        caption={t('invoice.caption')}
        rowKey={(row) => row.id}
        rows={invoices.data}
        defaultSort={{ key: 'created_at', order: 'desc' }}
        columns={[
          {
            key: 'number',
            header: t('invoice.number'),
            sortKey: 'external_number',
            wrap: true,
            cell: (row) => (
              <Link to={`/invoice/${row.id}`} className="font-medium text-brand-700 hover:underline">
                {row.external_number}
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
            key: 'customer',
            header: t('invoice.customer'),
            sortKey: 'customer_name',
            wrap: true,
            cell: (row) => row.customer_name ?? '–',
          },
          {
            key: 'total',
            header: t('order.total'),
            sortKey: 'grand_total',
            align: 'right',
            cell: (row) => formatMoney(row.grand_total, 'IDR '),
          },
          { key: 'status', header: t('order.status'), cell: (row) => <StatusBadge status={row.status} /> },
          {
            key: 'channel',
            header: t('order.channel'),
            cell: (row) => <ChannelLogo name={row.channel_name} />,
          },
          {
            key: 'preorder',
            header: t('order.preorder'),
            wrap: true,
            phone: 'hide',
            cell: (row) =>
              row.preorder_deadline
                ? `${formatDateTime(row.preorder_deadline)}${row.preorder_process_day ? ` · ${t('order.preorderDays', { days: row.preorder_process_day })}` : ''}`
                : '–',
          },
          {
            key: 'updated',
            header: t('order.updatedAt'),
            sortKey: 'updated_at',
            wrap: true,
            phone: 'hide',
            cell: (row) => <DateTime value={row.updated_at} />,
          },
        ]}
      />
      <Pagination meta={invoices.meta} />
    </section>
  );
}
