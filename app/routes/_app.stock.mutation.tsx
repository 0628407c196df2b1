import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '~/components/data-table';
import { DateRange } from '~/components/date-range';
import { Pagination } from '~/components/pagination';
import { formatDateTime, formatNumber } from '~/lib/format';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { requireScope } from '~/lib/scope.server';
import { stockApi, type Movement } from '~/lib/upstream/stock.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope } = await requireScope(request, context, 'stock.list');
  const url = new URL(request.url);
  const sku = (url.searchParams.get('sku') ?? '').replace(/\0/g, '').trim().slice(0, 100);
  const movements = await stockApi.movements(api, { scope, query: { ...listQuery(url), sku } });
  return json({ movements });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'stockMutation' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

function signed(value: number) {
  return `${value > 0 ? '+' : ''}${formatNumber(value, 0)}`;
}

/** The stock ledger (the spec's mutation screen made real): filter by SKU and day range, newest first. */
export default function StockMutationPage() {
  const { movements } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // What a person checks first comes first and fits a laptop's width (1366 px): when, what, how much, the stock
  // after, why and who; the vendor, the kind and the stock before follow behind the scrolling cue.
  const columns: Column<Movement>[] = [
    { key: 'date', header: t('stock.date'), wrap: true, cell: (row) => formatDateTime(row.created_at) },
    { key: 'sku', header: t('stock.sku'), cell: (row) => row.sku },
    { key: 'name', header: t('stock.name'), wrap: true, cell: (row) => row.product_name },
    { key: 'change', header: t('stock.change'), align: 'right', cell: (row) => signed(row.quantity) },
    {
      key: 'after',
      header: t('stock.after'),
      align: 'right',
      cell: (row) => formatNumber(row.balance_after, 0),
    },
    {
      key: 'note',
      header: t('stock.note'),
      wrap: true,
      cell: (row) =>
        row.order_id ? (
          <Link to={`/order/${row.order_id}`} className="text-brand-700 hover:underline">
            {row.order_number}
          </Link>
        ) : (
          (row.note ?? '–')
        ),
    },
    { key: 'user', header: t('stock.by'), wrap: true, cell: (row) => row.user_name ?? '–' },
    { key: 'vendor', header: t('stock.vendor'), cell: (row) => row.vendor_name },
    { key: 'kind', header: t('stock.kind'), cell: (row) => t(`stock.kinds.${row.kind}`, row.kind_label) },
    {
      key: 'before',
      header: t('stock.before'),
      align: 'right',
      cell: (row) => formatNumber(row.balance_before, 0),
    },
  ];
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        {t('stock.mutation')}
      </h1>
      <Form
        method="get"
        role="search"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <div className="min-w-48 flex-1">
          <label htmlFor="mutation-sku" className="block text-sm font-medium text-slate-700">
            {t('stock.sku')}
          </label>
          <input
            id="mutation-sku"
            name="sku"
            maxLength={100}
            defaultValue={params.get('sku') ?? ''}
            className="input mt-1"
          />
        </div>
        <DateRange id="mutation" from={params.get('date-from') ?? ''} to={params.get('date-to') ?? ''} />
        <Link to="/stock/mutation" className="btn-secondary">
          {t('stock.reset')}
        </Link>
        <button type="submit" className="btn-primary">
          {t('filters.apply')}
        </button>
      </Form>
      <DataTable
        caption={t('stock.mutationCaption')}
        rowKey={(row) => row.id}
        rows={movements.data}
        columns={columns}
      />
      <Pagination meta={movements.meta} />
    </section>
  );
}
