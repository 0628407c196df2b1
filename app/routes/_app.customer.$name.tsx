import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ChannelLogo } from '~/components/channel-logo';
import { DataTable } from '~/components/data-table';
import { Pagination } from '~/components/pagination';
import { StatusBadge } from '~/components/status-badge';
import { formatDateTime, formatMoney } from '~/lib/format';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { requireScope } from '~/lib/scope.server';
import { invoiceApi } from '~/lib/upstream/invoices.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, scope } = await requireScope(request, context, 'customer.list');
  if (scope.kind !== 'brand') throw redirect('/');
  const name = params.name?.trim();
  if (!name) throw redirect('/customer');
  const url = new URL(request.url);
  const customer = {
    name,
    phone: url.searchParams.get('phone')?.trim() ?? '',
    email: url.searchParams.get('email')?.trim() ?? '',
  };
  // A customer is known by the name with the phone or email of its list row (docs/decisions/049): without either,
  // the address names no customer and leads back to the list.
  if (!customer.phone && !customer.email) throw redirect('/customer');
  // The customer of the list row: their name with the phone or email it showed, so two buyers who share a name
  // are two customers. The page pages through all of their invoices, newest first.
  const { page, per_page } = listQuery(url);
  const query = {
    ...(page ? { page } : {}),
    ...(per_page ? { per_page } : {}),
    name,
    ...(customer.phone ? { phone: customer.phone } : {}),
    ...(customer.email ? { email: customer.email } : {}),
  };
  const { invoices } = await invoiceApi.customer(api, { brandId: scope.id, query });
  return json({ customer, invoices });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle({ matches, page: 'customer', name: data?.customer.name }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function CustomerDetailPage() {
  const { customer, invoices } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-500">
        <Link to="/customer" className="hover:underline">
          {t('nav.customer')}
        </Link>{' '}
        / <span>{customer.name}</span>
      </nav>
      <h1 id="page-title" className="text-2xl font-semibold">
        {customer.name}
      </h1>
      <dl className="card grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-xs uppercase text-slate-500">{t('customer.name')}</dt>
          <dd>{customer.name}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">{t('customer.phone')}</dt>
          <dd>{customer.phone || '–'}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">{t('customer.email')}</dt>
          <dd>{customer.email || '–'}</dd>
        </div>
      </dl>
      <DataTable
        caption={t('customer.invoices')}
        rowKey={(row) => row.id}
        rows={invoices.data}
        columns={[
          {
            key: 'number',
            header: t('invoice.number'),
            cell: (row) => (
              <Link to={`/invoice/${row.id}`} className="text-brand-700 hover:underline">
                {row.external_number}
              </Link>
            ),
          },
          {
            key: 'paid',
            header: t('invoice.paymentDate'),
            cell: (row) => formatDateTime((row as { payment_date?: string | null }).payment_date),
          },
          {
            key: 'total',
            header: t('order.total'),
            align: 'right',
            cell: (row) => formatMoney(row.grand_total, 'IDR '),
          },
          { key: 'status', header: t('order.status'), cell: (row) => <StatusBadge status={row.status} /> },
          {
            key: 'channel',
            header: t('order.channel'),
            cell: (row) => <ChannelLogo name={row.channel_name} />,
          },
        ]}
      />
      <Pagination meta={invoices.meta} />
    </section>
  );
}
