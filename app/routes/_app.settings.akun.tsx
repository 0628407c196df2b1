import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '~/components/data-table';
import { ListFilters } from '~/components/list-filters';
import { Pagination } from '~/components/pagination';
import { SettingsHeader } from '~/components/settings/settings-header';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { requireCard, rowActions } from '~/lib/settings/access';
import { keepKeyAccountsOut, requireSettingsScope } from '~/lib/settings/scope.server';
import { settingsApi } from '~/lib/upstream/settings.server';

/** The mock screen "Akun" made real: the accounts with their access right (role), each one's form a link away. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, scope } = await requireSettingsScope(request, context);
  keepKeyAccountsOut(user);
  requireCard(user, 'user');
  const query = { ...listQuery(new URL(request.url)), per_page: '5' };
  const users =
    scope.kind === 'global'
      ? await settingsApi.users(api, { query })
      : scope.kind === 'brand'
        ? await settingsApi.brandUsers(api, { brandId: scope.id, query })
        : await settingsApi.vendorUsers(api, { vendorId: scope.id, query });
  return json({ users, can: rowActions(user, 'user') });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'settingsAkun' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function AkunPage() {
  const { users, can } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader title={t('settings.akun.title')}>
        {can.create ? (
          <Link to="/settings/user/create" className="btn-primary">
            {t('settings.user.create')}
          </Link>
        ) : null}
      </SettingsHeader>
      <ListFilters searchLabel={t('settings.user.search')} dates={false} />
      <DataTable
        caption={t('settings.akun.title')}
        rowKey={(row) => row.id}
        rows={users.data}
        columns={[
          {
            key: 'name',
            header: t('settings.user.name'),
            sortKey: 'name',
            cell: (row) =>
              can.view ? (
                <Link to={`/settings/user/${row.id}`} className="text-brand-700 hover:underline">
                  {row.name}
                </Link>
              ) : (
                row.name
              ),
          },
          { key: 'phone', header: t('settings.user.phone'), cell: (row) => row.mobile_phone ?? '–' },
          { key: 'email', header: t('settings.user.email'), sortKey: 'email', cell: (row) => row.email },
          {
            key: 'access',
            header: t('settings.akun.access'),
            cell: (row) => row.roles[0]?.name ?? row.role_name ?? '–',
          },
          {
            key: 'position',
            header: t('settings.akun.position'),
            cell: (row) => row.vendor_name ?? row.brand_name ?? row.role_name ?? '–',
          },
        ]}
      />
      <Pagination meta={users.meta} />
    </section>
  );
}
