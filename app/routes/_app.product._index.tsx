import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { ConfirmDialog, useDeleteLinks } from '~/components/confirm-dialog';
import { DataTable } from '~/components/data-table';
import { ActiveSwitch } from '~/components/listing/active-switch';
import { ListFilters } from '~/components/list-filters';
import { Pagination } from '~/components/pagination';
import { requirePermission } from '~/lib/access.server';
import { requireCsrf } from '~/lib/csrf.server';
import { formatDateTime, formatMoney } from '~/lib/format';
import { readForm, refusalMessage } from '~/lib/forms.server';
import { listQuery } from '~/lib/list-query.server';
import { readListingRowAction, requireListingBrand } from '~/lib/listing/action.server';
import { pageTitle } from '~/lib/meta';
import { redirectWithToast } from '~/lib/toast.server';
import { formKeyOf, newFormKey } from '~/lib/form-key.server';
import { FormKeyField } from '~/components/form-key-field';
import { UpstreamError } from '~/lib/upstream.server';
import { listingApi } from '~/lib/upstream/listings.server';
import { importRowErrors } from '~/lib/import-errors.server';
import { ImportErrors, type ImportRowError } from '~/components/stock/import-form';

const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, brandId, can } = await requireListingBrand(request, context);
  const url = new URL(request.url);
  const listings = await listingApi.list(api, { brandId, query: listQuery(url) });
  const deleting = can.remove ? Number(url.searchParams.get('delete')) || null : null;
  return json({ listings, can, deleting, formKey: newFormKey() });
}

/** The list as it was, without the dialog's parameter; `firstPage` after a delete. */
function backTo(request: Request, firstPage: boolean) {
  const url = new URL(request.url);
  for (const name of ['index', 'delete', ...(firstPage ? ['page'] : [])]) url.searchParams.delete(name);
  return `/product${url.search}`;
}

async function toastOf(to: string, call: () => Promise<{ message: string; type?: 'success' | 'error' }>) {
  try {
    const { message, type = 'success' } = await call();
    return redirectWithToast(to, { type, message });
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status === 500) throw error;
    return redirectWithToast(to, { type: 'error', message: refusalMessage(error) });
  }
}

/** A refusal naming rows of the file (`rows.{row}.{column}`), as a list of them; null for any other answer. */
function rowsRefused(error: unknown) {
  if (!(error instanceof UpstreamError) || error.status !== 422) return null;
  const errors = importRowErrors(error);
  return errors.some((row) => row.row !== null) ? errors : null;
}

/** Delete (after the dialog), the active switch, and the price import. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api, brandId } = await requireListingBrand(request, context);
  if (formData.get('intent') === 'import') {
    requirePermission(user, 'listing.update');
    const file = formData.get('file');
    if (!(file instanceof File) || file.size === 0) {
      return redirectWithToast(backTo(request, false), { type: 'error', message: 'listing.importMissing' });
    }
    const importing = listingApi.importPrices(api, { brandId, file, formKey: formKeyOf(formData) });
    // A file refused row by row stays on the page with every bad row named, as the stock import does.
    const refused = await importing.then(() => null, rowsRefused);
    if (refused) return json({ importErrors: refused }, { status: 422 });
    return toastOf(backTo(request, false), async () => {
      const { message, data } = await importing;
      if (data.failed_rows_data.length === 0) return { message };
      // The marketplace refused some listings: an error toast naming the first of them, not a success.
      const refused = data.failed_rows_data
        .slice(0, 3)
        .map((row) => `${row.sku ?? '–'}: ${row.error[0] ?? ''}`)
        .join('; ');
      return { message: `${message}. ${refused}`, type: 'error' as const };
    });
  }
  const { intent, id } = readListingRowAction(formData);
  requirePermission(user, intent === 'delete' ? 'listing.delete' : 'listing.update');
  if (intent === 'delete')
    return toastOf(backTo(request, true), () => listingApi.remove(api, { brandId, id }));
  const call = intent === 'set-active' ? listingApi.setActive : listingApi.setInactive;
  return toastOf(backTo(request, false), () => call(api, { brandId, id }));
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'products' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

/** True once the list has been loading for 300 ms: a quick answer shows no indicator at all. */
function useSlowListLoad() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === '/product';
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), 300);
    return () => clearTimeout(timer);
  }, [loading]);
  return slow;
}

export default function ListingListPage() {
  const { listings, can, deleting, formKey } = useLoaderData<typeof loader>();
  const refused = useActionData<{ importErrors?: ImportRowError[] }>()?.importErrors;
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { closeTo, hrefOf: deleteHref } = useDeleteLinks();
  const target = listings.data.find((row) => row.id === deleting);
  const importing = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'import';
  const slow = useSlowListLoad();

  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold">
          {t('listing.title')}
        </h1>
        <div className="flex flex-wrap gap-2">
          {can.update ? (
            <a href="/product/template" className="btn-secondary" download>
              {t('listing.template')}
            </a>
          ) : null}
          {can.create ? (
            <Link to="/product/create" className="btn-primary">
              {t('listing.add')}
            </Link>
          ) : null}
        </div>
      </div>
      {can.update ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <AuthenticityTokenInput />
          <FormKeyField value={formKey} />
          <div>
            <label htmlFor="listing-import" className="block text-sm font-medium text-slate-700">
              {t('listing.importFile')}
            </label>
            <input
              id="listing-import"
              type="file"
              name="file"
              accept={IMPORT_ACCEPT}
              required
              className="mt-1 text-sm"
            />
          </div>
          <button type="submit" name="intent" value="import" className="btn-secondary" disabled={importing}>
            {importing ? t('listing.importing') : t('listing.import')}
          </button>
        </Form>
      ) : null}
      {refused?.length ? (
        <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-white p-4">
          <p className="font-medium text-red-800">{t('listing.importRefused', { count: refused.length })}</p>
          <ImportErrors errors={refused} />
        </div>
      ) : null}
      <ListFilters searchLabel={t('listing.search')} dates={false} />
      <p role="status" className="text-sm text-slate-500">
        {slow ? t('listing.loading') : ''}
      </p>
      <div aria-busy={slow} className={slow ? 'opacity-60' : undefined}>
        <DataTable
          caption={t('listing.caption')}
          rowKey={(row) => row.id}
          rows={listings.data}
          defaultSort={{ key: 'id', order: 'desc' }}
          columns={[
            { key: 'id', header: t('listing.id'), sortKey: 'id', cell: (row) => row.id },
            {
              key: 'photo',
              header: t('listing.photo'),
              cell: (row) =>
                row.photo_url ? (
                  <img src={row.photo_url} alt="" className="h-10 w-10 rounded object-cover" loading="lazy" />
                ) : (
                  <span className="inline-block h-10 w-10 rounded bg-slate-100" aria-hidden="true" />
                ),
            },
            {
              key: 'name',
              header: t('listing.name'),
              sortKey: 'name',
              cell: (row) => (
                <Link to={`/product/${row.id}`} className="font-medium text-brand-700 hover:underline">
                  {row.name}
                </Link>
              ),
            },
            { key: 'sku', header: t('listing.sku'), sortKey: 'sku', cell: (row) => row.sku ?? '—' },
            {
              key: 'price',
              header: t('listing.price'),
              sortKey: 'price',
              align: 'right',
              cell: (row) => formatMoney(row.price, 'IDR '),
            },
            {
              key: 'updated',
              header: t('listing.updated'),
              sortKey: 'updated_at',
              cell: (row) => formatDateTime(row.updated_at),
            },
            {
              key: 'active',
              header: t('listing.active'),
              cell: (row) => (
                <ActiveSwitch
                  id={row.id}
                  name={row.name}
                  active={row.is_inactive === '0'}
                  canEdit={can.update}
                />
              ),
            },
            {
              key: 'actions',
              header: t('order.actions'),
              cell: (row) => (
                <span className="flex gap-2">
                  <Link
                    to={`/product/${row.id}`}
                    className="btn-secondary px-2 py-1 text-xs"
                    aria-label={t('listing.viewListing', { name: row.name })}
                  >
                    {t('listing.view')}
                  </Link>
                  {can.remove ? (
                    <Link
                      to={deleteHref(row.id)}
                      className="btn-secondary px-2 py-1 text-xs text-red-700"
                      aria-label={t('listing.deleteListing', { name: row.name })}
                      preventScrollReset
                    >
                      {t('listing.delete')}
                    </Link>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
      </div>
      <Pagination meta={listings.meta} />
      {deleting ? (
        <ConfirmDialog
          title={t('listing.deleteTitle')}
          text={t('listing.deleteText', { name: target?.name ?? `#${deleting}` })}
          confirmLabel={t('listing.deleteConfirm')}
          closeTo={closeTo}
          intent="delete"
          fields={{ id: deleting }}
        />
      ) : null}
    </section>
  );
}
