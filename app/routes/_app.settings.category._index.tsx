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
import { formatNumber } from '~/lib/format';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { userCan } from '~/lib/access';
import { requireCard } from '~/lib/settings/access';
import { deleteFromList } from '~/lib/settings/delete.server';
import { requireSettingsBrand } from '~/lib/settings/scope.server';
import { settingsApi, type CategoryNode } from '~/lib/upstream/settings.server';
import { readForm } from '~/lib/forms.server';

async function guard(request: Request, context: LoaderFunctionArgs['context']) {
  const found = await requireSettingsBrand(request, context);
  requireCard(found.user, 'category');
  return found;
}

/** The tree: the brand's top-level categories, paged, each followed by its sub categories. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, brandId } = await guard(request, context);
  const url = new URL(request.url);
  const searching = Boolean(url.searchParams.get('search'));
  const page = await settingsApi.categories(api, {
    brandId,
    query: { ...listQuery(url), ...(searching ? {} : { only: 'parent', with: 'children' }) },
  });
  const rows = page.data.flatMap((parent) => [
    { ...parent, depth: 0 },
    ...(parent.children ?? []).map((child: CategoryNode) => ({ ...child, depth: 1 })),
  ]);
  return json({
    rows,
    meta: page.meta,
    can: {
      create: userCan(user, 'category.create'),
      view: userCan(user, 'category.update'),
      remove: userCan(user, 'category.delete'),
    },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, brandId } = await guard(request, context);
  return deleteFromList(request, formData, (id) => settingsApi.deleteCategory(api, { brandId, id }));
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'settingsCategories' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function CategoryListPage() {
  const { rows, meta, can } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { deleting, closeTo, hrefOf } = useDeleteLinks();
  const closing = useClosingColumns<(typeof rows)[number]>({
    name: (row) => row.name,
    viewTo: (row) => (can.view ? `/settings/category/${row.id}` : null),
    deleteTo: (row) => (can.remove ? hrefOf(row.id) : null),
    sortable: false,
  });
  const target = rows.find((row) => row.id === deleting);
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader title={t('settings.category.title')}>
        {can.create ? (
          <Link to="/settings/category/create" className="btn-primary">
            {t('settings.category.create')}
          </Link>
        ) : null}
      </SettingsHeader>
      <ListFilters searchLabel={t('settings.category.search')} dates={false} />
      <DataTable
        caption={t('settings.category.title')}
        rowKey={(row) => row.id}
        rows={rows}
        columns={[
          {
            key: 'name',
            header: t('settings.name'),
            cell: (row) =>
              row.depth ? (
                <span className="pl-6 text-slate-700">
                  <span aria-hidden="true">└ </span>
                  {row.name}
                </span>
              ) : (
                <span className="font-medium">{row.name}</span>
              ),
          },
          { key: 'structure', header: t('settings.category.structure'), cell: (row) => row.structure_name },
          ...closing,
        ]}
      />
      <Pagination
        meta={meta}
        summary={
          rows.length > (meta.to ?? 0) - (meta.from ?? 0) + 1
            ? t('settings.category.showing', {
                rows: formatNumber(rows.length, 0),
                from: formatNumber(meta.from ?? 0, 0),
                to: formatNumber(meta.to ?? 0, 0),
                total: formatNumber(meta.total, 0),
              })
            : undefined
        }
      />
      {deleting && can.remove ? (
        <DeleteDialog id={deleting} name={target?.name ?? `#${deleting}`} closeTo={closeTo} />
      ) : null}
    </section>
  );
}
