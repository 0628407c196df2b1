import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '~/components/data-table';
import { ListFilters } from '~/components/list-filters';
import { Pagination } from '~/components/pagination';
import { useDeleteLinks } from '~/components/confirm-dialog';
import { DeleteDialog } from '~/components/settings/delete-dialog';
import { useClosingColumns } from '~/components/settings/row-columns';
import { SettingsHeader } from '~/components/settings/settings-header';
import { requireCsrf } from '~/lib/csrf.server';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { requireCard, rowActions } from '~/lib/settings/access';
import { deleteFromList } from '~/lib/settings/delete.server';
import { requireSettingsScope } from '~/lib/settings/scope.server';
import { settingsApi } from '~/lib/upstream/settings.server';
import { readForm } from '~/lib/forms.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, scope } = await requireSettingsScope(request, context);
  requireCard(user, 'permission');
  const settings = await settingsApi.gateSettings(api, { scope, query: listQuery(new URL(request.url)) });
  return json({ settings, can: rowActions(user, 'gate-setting') });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api, scope } = await requireSettingsScope(request, context);
  requireCard(user, 'permission');
  return deleteFromList(request, formData, (id) => settingsApi.deleteGateSetting(api, { scope, id }));
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'settingsPermissions' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function PermissionListPage() {
  const { settings, can } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { deleting, closeTo, hrefOf } = useDeleteLinks();
  const closing = useClosingColumns<(typeof settings.data)[number]>({
    name: (row) => row.role_name,
    viewTo: (row) => (can.view ? `/settings/permission/${row.id}` : null),
    deleteTo: (row) => (can.remove ? hrefOf(row.id) : null),
  });
  const target = settings.data.find((row) => row.id === deleting);
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader title={t('settings.permission.title')}>
        {can.create ? (
          <Link to="/settings/permission/create" className="btn-primary">
            {t('settings.permission.create')}
          </Link>
        ) : null}
      </SettingsHeader>
      <ListFilters searchLabel={t('settings.permission.search')} dates={false} />
      <DataTable
        caption={t('settings.permission.title')}
        rowKey={(row) => row.id}
        rows={settings.data}
        columns={[
          {
            key: 'role',
            header: t('settings.permission.role'),
            sortKey: 'role_name',
            cell: (row) => row.role_name,
          },
          {
            key: 'total',
            header: t('settings.permission.total'),
            sortKey: 'total_permission',
            align: 'right',
            cell: (row) => row.total_permission,
          },
          ...closing,
        ]}
      />
      <Pagination meta={settings.meta} />
      {deleting && can.remove ? (
        <DeleteDialog id={deleting} name={target?.role_name ?? `#${deleting}`} closeTo={closeTo} />
      ) : null}
    </section>
  );
}
