import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '~/components/data-table';
import { formatDateTime, formatNumber } from '~/lib/format';
import { pageTitle } from '~/lib/meta';
import { requireScope } from '~/lib/scope.server';
import { stockApi } from '~/lib/upstream/stock.server';
import { pathId } from '~/lib/record-id';

/** Opened from a stock-update notification: the history's items, and the notification marked read. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, scope } = await requireScope(request, context);
  if (scope.kind !== 'brand') throw new Response('Not Found', { status: 404 });
  const id = pathId(params.id);
  const history = await stockApi.history(api, { brandId: scope.id, id, notif: params.notificationId });
  return json({ history });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'stockHistory' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function UpdateStockHistoryPage() {
  const { history } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-600">
        <Link to="/stock" className="hover:underline">
          {t('nav.stock')}
        </Link>{' '}
        / {t('stock.history')}
      </nav>
      <h1 id="page-title" className="text-2xl font-semibold">
        {t('stock.historyTitle', { vendor: history.vendor.name })}
      </h1>
      <p className="text-sm text-slate-600">{formatDateTime(history.created_at)}</p>
      <DataTable
        caption={t('stock.historyCaption')}
        rowKey={(row) => row.id}
        rows={history.update_stock_history_items}
        columns={[
          { key: 'name', header: t('stock.name'), cell: (row) => row.product.name },
          { key: 'sku', header: t('stock.sku'), cell: (row) => row.product.sku },
          {
            key: 'quantity',
            header: t('stock.quantity'),
            align: 'right',
            cell: (row) => formatNumber(row.quantity, 0),
          },
        ]}
      />
    </section>
  );
}
