import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useDeleteLinks } from '~/components/confirm-dialog';
import { DataTable } from '~/components/data-table';
import { ListFilters } from '~/components/list-filters';
import { Pagination } from '~/components/pagination';
import { requireCsrf } from '~/lib/csrf.server';
import { formatDateTime } from '~/lib/format';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { requirePermission } from '~/lib/access.server';
import { requireUser } from '~/lib/scope.server';
import { bankApi } from '~/lib/upstream/payments.server';
import { readForm } from '~/lib/forms.server';
import { deleteFromList } from '~/lib/settings/delete.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  requirePermission(user, 'bank.list');
  const url = new URL(request.url);
  const banks = await bankApi.list(api, { query: listQuery(url) });
  return json({ banks, deleting: Number(url.searchParams.get('delete')) || null });
}

/** Delete, after the confirmation dialog; the list starts again from its first page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api } = await requireUser(request, context);
  requirePermission(user, 'bank.delete');
  return deleteFromList(request, formData, (id) => bankApi.remove(api, { id }));
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'banks' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function BankListPage() {
  const { banks, deleting } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { closeTo, hrefOf: deleteHref } = useDeleteLinks();
  const target = banks.data.find((row) => row.id === deleting);
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-500">
        <Link to="/settings" className="hover:underline">
          {t('nav.settings')}
        </Link>{' '}
        / <span>{t('bank.title')}</span>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold">
          {t('bank.title')}
        </h1>
        <Link to="/settings/bank/create" className="btn-primary">
          {t('bank.create')}
        </Link>
      </div>
      <ListFilters searchLabel={t('bank.search')} dates={false} />
      <DataTable
        caption={t('bank.caption')}
        rowKey={(row) => row.id}
        rows={banks.data}
        columns={[
          { key: 'name', header: t('bank.name'), sortKey: 'name', cell: (row) => row.name },
          {
            key: 'updated',
            header: t('order.updatedAt'),
            sortKey: 'updated_at',
            cell: (row) => formatDateTime(row.updated_at),
          },
          {
            key: 'actions',
            header: t('order.actions'),
            cell: (row) => (
              <span className="flex gap-2">
                <Link
                  to={`/settings/bank/${row.id}`}
                  className="btn-secondary px-2 py-1 text-xs"
                  aria-label={t('bank.viewBank', { name: row.name })}
                >
                  {t('bank.view')}
                </Link>
                <Link
                  to={deleteHref(row.id)}
                  className="btn-secondary px-2 py-1 text-xs text-red-700"
                  aria-label={t('bank.deleteBank', { name: row.name })}
                  preventScrollReset
                >
                  {t('bank.delete')}
                </Link>
              </span>
            ),
          },
        ]}
      />
      <Pagination meta={banks.meta} />
      {deleting ? (
        <ConfirmDialog
          title={t('bank.deleteTitle')}
          text={t('bank.deleteText', { name: target?.name ?? `#${deleting}` })}
          confirmLabel={t('bank.deleteConfirm')}
          closeTo={closeTo}
          intent="delete"
          fields={{ id: deleting }}
        />
      ) : null}
    </section>
  );
}
