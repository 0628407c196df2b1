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
  requireCard(user, 'role');
  const roles = await settingsApi.roles(api, { scope, query: listQuery(new URL(request.url)) });
  return json({ roles, can: rowActions(user, 'role') });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api, scope } = await requireSettingsScope(request, context);
  requireCard(user, 'role');
  return deleteFromList(request, formData, (id) => settingsApi.deleteRole(api, { scope, id }));
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'settingsRoles' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function RoleListPage() {
  const { roles, can } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { deleting, closeTo, hrefOf } = useDeleteLinks();
  const closing = useClosingColumns<(typeof roles.data)[number]>({
    name: (row) => row.name,
    viewTo: (row) => (can.view ? `/settings/role/${row.id}` : null),
    deleteTo: (row) => (can.remove ? hrefOf(row.id) : null),
  });
  const target = roles.data.find((row) => row.id === deleting);
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader title={t('settings.role.title')}>
        {can.create ? (
          <Link to="/settings/role/create" className="btn-primary">
            {t('settings.role.create')}
          </Link>
        ) : null}
      </SettingsHeader>
      <ListFilters searchLabel={t('settings.role.search')} dates={false} />
      <DataTable
        caption={t('settings.role.title')}
        rowKey={(row) => row.id}
        rows={roles.data}
        columns={[
          { key: 'name', header: t('settings.name'), sortKey: 'name', cell: (row) => row.name },
          ...closing,
        ]}
      />
      <Pagination meta={roles.meta} />
      {deleting && can.remove ? (
        <DeleteDialog id={deleting} name={target?.name ?? `#${deleting}`} closeTo={closeTo} />
      ) : null}
    </section>
  );
}
