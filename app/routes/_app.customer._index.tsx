import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '~/components/data-table';
import { ListFilters } from '~/components/list-filters';
import { Pagination } from '~/components/pagination';
import { customerHref } from '~/lib/customer-href';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { requireScope } from '~/lib/scope.server';
import { invoiceApi } from '~/lib/upstream/invoices.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope } = await requireScope(request, context, 'customer.list');
  if (scope.kind !== 'brand') throw redirect('/');
  return json({
    customers: await invoiceApi.customers(api, { brandId: scope.id, query: listQuery(new URL(request.url)) }),
  });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'customers' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function CustomerListPage() {
  const { customers } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold">
          {t('nav.customer')}
        </h1>
        <a href={`/customer/export?${params.toString()}`} className="btn-secondary" download>
          {t('order.export')}
        </a>
      </div>
      <ListFilters searchLabel={t('customer.search')} dates={false} />
      <DataTable
        caption={t('customer.caption')}
        rowKey={(row) => `${row.customer_name}-${row.customer_phone}-${row.customer_email}`}
        rows={customers.data}
        columns={[
          {
            key: 'name',
            header: t('customer.name'),
            sortKey: 'customer_name',
            cell: (row) => (
              <Link to={customerHref(row)} className="font-medium text-brand-700 hover:underline">
                {row.customer_name}
              </Link>
            ),
          },
          { key: 'email', header: t('customer.email'), cell: (row) => row.customer_email ?? '–' },
          { key: 'phone', header: t('customer.phone'), cell: (row) => row.customer_phone ?? '–' },
          {
            key: 'invoices',
            header: t('customer.totalInvoice'),
            align: 'right',
            cell: (row) => row.total_invoice,
          },
        ]}
      />
      <Pagination meta={customers.meta} />
    </section>
  );
}
