import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '~/components/data-table';
import { Pagination } from '~/components/pagination';
import { useDeleteLinks } from '~/components/confirm-dialog';
import { DeleteDialog } from '~/components/settings/delete-dialog';
import { SettingsHeader } from '~/components/settings/settings-header';
import { SettingsTabs } from '~/components/settings/tabs';
import { UserTable } from '~/components/settings/user-table';
import { VendorForm } from '~/components/settings/vendor-form';
import { userCan } from '~/lib/access';
import { requireCsrf } from '~/lib/csrf.server';
import { formKeyOf, newFormKey } from '~/lib/form-key.server';
import { readForm, replyWithUpstreamError } from '~/lib/forms.server';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { ROLE } from '~/lib/navigation';
import { tenantFormSchema } from '~/lib/schemas/settings';
import { requireCard, rowActions } from '~/lib/settings/access';
import { deleteFromList } from '~/lib/settings/delete.server';
import { recordId, requireSettingsBrand } from '~/lib/settings/scope.server';
import { areaFileErrors, vendorFormData } from '~/lib/settings/tenant-form.server';
import { redirectWithToast } from '~/lib/toast.server';
import { UpstreamError } from '~/lib/upstream.server';
import { settingsApi } from '~/lib/upstream/settings.server';

const schema = tenantFormSchema({ kind: 'vendor' });
const FIELDS = ['name', 'address', 'city', 'postal_code', 'telephone', 'fax', 'lat', 'lng', 'brand_ids'];

async function guard(request: Request, context: LoaderFunctionArgs['context']) {
  const found = await requireSettingsBrand(request, context);
  requireCard(found.user, 'vendor');
  return found;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, api, brandId } = await guard(request, context);
  const id = recordId(params.id);
  // A vendor the account may read but not change shows read-only; creating one it may not is no page at all.
  const allowed = userCan(user, id ? 'vendor.update' : 'vendor.create');
  if (!id && !allowed) throw new Response('Forbidden', { status: 403 });
  const url = new URL(request.url);
  const tab = id && url.searchParams.get('tab') === 'users' ? 'users' : 'general';
  // Key accounts and administrators choose among their brands; a brand user's vendor serves its brand.
  const brands = user.role_id === ROLE.brand ? [] : await settingsApi.brands(api);
  const [vendor, users] = await Promise.all([
    id ? settingsApi.vendor(api, { id }) : null,
    id && tab === 'users' ? settingsApi.vendorUsers(api, { vendorId: id, query: listQuery(url) }) : null,
  ]);
  // A vendor that also serves brands beyond the account's reach is read-only to it, its accounts too.
  const changes = vendor?.can_change ?? true;
  const actions = rowActions(user, 'user');
  return json({
    vendor,
    users,
    tab,
    brands: brands.length ? brands : [{ id: brandId, name: user.current_brand_name ?? '' }],
    userActions: changes ? actions : { view: false, remove: false, create: false },
    canSave: allowed && changes,
    formKey: newFormKey(),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api } = await guard(request, context);
  const id = recordId(params.id);
  if (formData.get('intent') === 'delete') {
    return deleteFromList(request, formData, (userId) => settingsApi.deleteUser(api, { id: userId }));
  }
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success')
    return json({ result: submission.reply(), areaErrors: [] }, { status: 400 });
  const file = formData.get('vendor_area_file');
  try {
    const form = vendorFormData(submission.value, file instanceof File ? file : null);
    const { message, next } = id
      ? { ...(await settingsApi.updateVendor(api, { id, form })), next: id }
      : await settingsApi
          .createVendor(api, { form, formKey: formKeyOf(formData) })
          .then((saved) => ({ message: saved.message, next: saved.data.id }));
    return redirectWithToast(`/settings/vendor/${next}`, { type: 'success', message });
  } catch (error) {
    const areaErrors = error instanceof UpstreamError ? areaFileErrors(error) : [];
    return json({ result: replyWithUpstreamError(submission, error, FIELDS), areaErrors }, { status: 400 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title: pageTitle({
      matches,
      page: data?.vendor ? 'settingsVendor' : 'settingsVendorCreate',
      name: data?.vendor?.name,
    }),
  },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function VendorPage() {
  const { vendor, users, tab, brands, userActions, canSave, formKey } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { deleting, closeTo, hrefOf } = useDeleteLinks();
  const base = vendor ? `/settings/vendor/${vendor.id}` : '/settings/vendor/create';
  const target = users?.data.find((row) => row.id === deleting);
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader
        title={vendor ? vendor.name : t('settings.vendor.create')}
        trail={[{ label: t('settings.vendor.title'), to: '/settings/vendor' }]}
      />
      <SettingsTabs
        label={t('settings.tabs')}
        current={tab}
        tabs={[
          { id: 'general', label: t('settings.tab.general'), to: base },
          { id: 'users', label: t('settings.tab.users'), to: `${base}?tab=users`, disabled: !vendor },
        ]}
      />
      {tab === 'general' ? (
        <>
          <VendorForm
            key={vendor?.id ?? 'new'}
            vendor={vendor}
            brands={brands}
            lastResult={answered?.result}
            areaErrors={answered?.areaErrors ?? []}
            formKey={formKey}
            templateHref={`/settings/vendor-area-template${vendor ? `?vendor=${vendor.id}` : ''}`}
            canSave={canSave}
          />
          {vendor ? (
            <DataTable
              caption={t('settings.vendor.areas', { count: vendor.vendor_areas.length })}
              rowKey={(row) => row.id}
              rows={vendor.vendor_areas}
              columns={[
                { key: 'province', header: t('settings.area.province'), cell: (row) => row.province ?? '–' },
                { key: 'city', header: t('settings.area.city'), cell: (row) => row.city },
                {
                  key: 'district',
                  header: t('settings.area.subDistrict'),
                  cell: (row) => row.sub_district ?? '–',
                },
                {
                  key: 'postal',
                  header: t('settings.area.postalCode'),
                  cell: (row) => row.postal_code ?? '–',
                },
              ]}
            />
          ) : null}
        </>
      ) : null}
      {tab === 'users' && vendor && users ? (
        <>
          <div className="flex justify-end">
            {userActions.create ? (
              <Link to={`/settings/vendor/${vendor.id}/user/create`} className="btn-primary">
                {t('settings.user.create')}
              </Link>
            ) : null}
          </div>
          <UserTable
            users={users.data}
            showPhone
            viewBase={`/settings/vendor/${vendor.id}/user`}
            can={userActions}
            deleteHref={(id) => `${hrefOf(id)}${params.get('tab') ? '' : '&tab=users'}`}
          />
          <Pagination meta={users.meta} />
          {deleting && userActions.remove && target && !target.is_special_account ? (
            <DeleteDialog id={deleting} name={target.name} closeTo={closeTo} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
