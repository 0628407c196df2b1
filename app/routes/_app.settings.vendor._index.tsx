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
import { userCan } from '~/lib/access';
import { requireCard } from '~/lib/settings/access';
import { deleteFromList } from '~/lib/settings/delete.server';
import { requireSettingsBrand } from '~/lib/settings/scope.server';
import { settingsApi } from '~/lib/upstream/settings.server';
import { readForm } from '~/lib/forms.server';

async function guard(request: Request, context: LoaderFunctionArgs['context']) {
  const found = await requireSettingsBrand(request, context);
  requireCard(found.user, 'vendor');
  return found;
}

/** The vendors serving the current brand (GET /api/vendor with the brand). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, brandId } = await guard(request, context);
  const vendors = await settingsApi.vendors(api, {
    query: { ...listQuery(new URL(request.url)), brand: String(brandId) },
  });
  return json({
    vendors,
    can: {
      create: userCan(user, 'vendor.create'),
      view: userCan(user, 'vendor.update'),
      remove: userCan(user, 'vendor.delete'),
    },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api } = await guard(request, context);
  return deleteFromList(request, formData, (id) => settingsApi.deleteVendor(api, { id }));
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'settingsVendors' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function VendorListPage() {
  const { vendors, can } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { deleting, closeTo, hrefOf } = useDeleteLinks();
  const closing = useClosingColumns<(typeof vendors.data)[number]>({
    name: (row) => row.name,
    viewTo: (row) => (can.view ? `/settings/vendor/${row.id}` : null),
    deleteTo: (row) => (can.remove ? hrefOf(row.id) : null),
  });
  const target = vendors.data.find((row) => row.id === deleting);
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader title={t('settings.vendor.title')}>
        {can.create ? (
          <Link to="/settings/vendor/create" className="btn-primary">
            {t('settings.vendor.create')}
          </Link>
        ) : null}
      </SettingsHeader>
      <ListFilters searchLabel={t('settings.vendor.search')} dates={false} />
      <DataTable
        caption={t('settings.vendor.title')}
        rowKey={(row) => row.id}
        rows={vendors.data}
        columns={[
          { key: 'name', header: t('settings.tenant.name'), sortKey: 'name', cell: (row) => row.name },
          { key: 'city', header: t('settings.tenant.city'), sortKey: 'city', cell: (row) => row.city ?? '–' },
          { key: 'phone', header: t('settings.tenant.telephone'), cell: (row) => row.telephone ?? '–' },
          {
            key: 'priority',
            header: t('settings.vendor.priorityShort'),
            sortKey: 'is_priority',
            cell: (row) => (row.is_priority ? t('settings.yes') : t('settings.no')),
          },
          ...closing,
        ]}
      />
      <Pagination meta={vendors.meta} />
      {deleting && can.remove ? (
        <DeleteDialog id={deleting} name={target?.name ?? `#${deleting}`} closeTo={closeTo} />
      ) : null}
    </section>
  );
}
