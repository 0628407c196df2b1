import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '~/components/list-filters';
import { Pagination } from '~/components/pagination';
import { useDeleteLinks } from '~/components/confirm-dialog';
import { DeleteDialog } from '~/components/settings/delete-dialog';
import { SettingsHeader } from '~/components/settings/settings-header';
import { UserTable } from '~/components/settings/user-table';
import { requireCsrf } from '~/lib/csrf.server';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { ROLE } from '~/lib/navigation';
import { requireCard, rowActions } from '~/lib/settings/access';
import { deleteFromList } from '~/lib/settings/delete.server';
import { keepKeyAccountsOut, requireSettingsScope } from '~/lib/settings/scope.server';
import { settingsApi } from '~/lib/upstream/settings.server';
import { readForm } from '~/lib/forms.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, scope } = await requireSettingsScope(request, context);
  keepKeyAccountsOut(user);
  requireCard(user, 'user');
  const query = listQuery(new URL(request.url));
  // The administrator's list is the platform's own accounts; a brand or vendor lists its users.
  const users =
    scope.kind === 'global'
      ? await settingsApi.users(api, { query: { ...query, only: 'admin' } })
      : scope.kind === 'brand'
        ? await settingsApi.brandUsers(api, { brandId: scope.id, query })
        : await settingsApi.vendorUsers(api, { vendorId: scope.id, query });
  return json({ users, can: rowActions(user, 'user'), administrator: user.role_id === ROLE.administrator });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api } = await requireSettingsScope(request, context);
  keepKeyAccountsOut(user);
  requireCard(user, 'user');
  return deleteFromList(request, formData, (id) => settingsApi.deleteUser(api, { id }));
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'settingsUsers' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function UserListPage() {
  const { users, can, administrator } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { deleting, closeTo, hrefOf } = useDeleteLinks();
  const target = users.data.find((row) => row.id === deleting);
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader title={t('settings.user.title')}>
        {can.create ? (
          <Link to="/settings/user/create" className="btn-primary">
            {t('settings.user.create')}
          </Link>
        ) : null}
      </SettingsHeader>
      <ListFilters searchLabel={t('settings.user.search')} dates={false} />
      <UserTable
        users={users.data}
        showPhone={!administrator}
        viewBase="/settings/user"
        can={can}
        deleteHref={hrefOf}
      />
      <Pagination meta={users.meta} />
      {deleting && can.remove && target && !target.is_special_account ? (
        <DeleteDialog id={deleting} name={target.name} closeTo={closeTo} />
      ) : null}
    </section>
  );
}
