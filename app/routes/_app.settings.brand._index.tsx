import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '~/components/list-filters';
import { Pagination } from '~/components/pagination';
import { BrandGeneralForm, BrandIntegrationForm } from '~/components/settings/brand-forms';
import { useDeleteLinks } from '~/components/confirm-dialog';
import { DeleteDialog } from '~/components/settings/delete-dialog';
import { SettingsHeader } from '~/components/settings/settings-header';
import { SettingsTabs } from '~/components/settings/tabs';
import { UserTable } from '~/components/settings/user-table';
import { userCan } from '~/lib/access';
import { requirePermission } from '~/lib/access.server';
import { requireCsrf } from '~/lib/csrf.server';
import { readForm, replyWithUpstreamError } from '~/lib/forms.server';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { integrationFormSchema, tenantFormSchema } from '~/lib/schemas/settings';
import { requireCard, rowActions } from '~/lib/settings/access';
import { deleteBrand } from '~/lib/settings/brand-delete.server';
import { deleteFromList } from '~/lib/settings/delete.server';
import { requireSettingsBrand } from '~/lib/settings/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { UpstreamError } from '~/lib/upstream.server';
import { settingsApi } from '~/lib/upstream/settings.server';

const TABS = ['general', 'integration', 'users'] as const;
type Tab = (typeof TABS)[number];
const generalSchema = tenantFormSchema({ kind: 'brand' });
const FIELDS = ['name', 'address', 'city', 'postal_code', 'telephone', 'fax', 'lat', 'lng'];

async function guard(request: Request, context: LoaderFunctionArgs['context']) {
  const found = await requireSettingsBrand(request, context);
  requireCard(found.user, 'brand');
  return found;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, brandId } = await guard(request, context);
  const url = new URL(request.url);
  const asked = url.searchParams.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'general';
  const [brand, users] = await Promise.all([
    settingsApi.brand(api, { brandId }),
    tab === 'users' ? settingsApi.brandUsers(api, { brandId, query: listQuery(url) }) : null,
  ]);
  return json({
    brand,
    tab,
    users,
    userActions: rowActions(user, 'user'),
    brandActions: { create: userCan(user, 'brand.create'), remove: userCan(user, 'brand.delete') },
    deletingBrand: url.searchParams.get('deleteBrand') === String(brandId),
  });
}

/**
 * General and Integration save the same brand (PUT with both); Users deletes a brand user; an administrator
 * deletes the brand itself, after its confirmation dialog.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api, brandId } = await guard(request, context);
  const intent = formData.get('intent');
  if (intent === 'delete')
    return deleteFromList(request, formData, (id) => settingsApi.deleteUser(api, { id }));
  if (intent === 'delete-brand') {
    requirePermission(user, 'brand.delete');
    return deleteBrand({ request, api, userId: user.id, brandId });
  }
  const brand = await settingsApi.brand(api, { brandId });
  const current = {
    name: brand.name,
    address: brand.address ?? undefined,
    city: brand.city,
    postal_code: brand.postal_code,
    telephone: brand.telephone,
    fax: brand.fax,
    lat: brand.lat,
    lng: brand.lng,
  };
  if (intent === 'integration') {
    const submission = parseWithZod(formData, { schema: integrationFormSchema });
    if (submission.status !== 'success')
      return json({ intent, result: null, error: 'settings.brand.invalid' });
    try {
      const channels = submission.value.channels.map((channel) => ({
        channel_id: channel.channel_id,
        tokopedia_shop_id: channel.tokopedia_shop_id ?? '',
        channel_meta: { is_tkpd_official: channel.is_tkpd_official },
      }));
      await settingsApi.saveBrand(api, { brandId, body: { ...current, channels } });
      return redirectWithToast('/settings/brand?tab=integration', {
        type: 'success',
        message: 'toast.saved',
      });
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.status >= 500) throw error;
      return json({ intent, result: null, error: error.message }, { status: 400 });
    }
  }
  const submission = parseWithZod(formData, { schema: generalSchema });
  if (submission.status !== 'success')
    return json({ intent, result: submission.reply(), error: null }, { status: 400 });
  try {
    const { brand_ids: _brands, is_priority: _priority, ...body } = submission.value;
    await settingsApi.saveBrand(api, { brandId, body });
    return redirectWithToast('/settings/brand', { type: 'success', message: 'toast.saved' });
  } catch (error) {
    return json(
      { intent, result: replyWithUpstreamError(submission, error, FIELDS), error: null },
      { status: 400 },
    );
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle({ matches, page: 'settingsBrand', name: data?.brand.name }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function BrandSettingsPage() {
  const { brand, tab, users, userActions, brandActions, deletingBrand } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation();
  const { deleting, closeTo, hrefOf } = useDeleteLinks();
  const target = users?.data.find((row) => row.id === deleting);
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader title={brand.name}>
        {brandActions.create ? (
          <Link to="/settings/brand/create" className="btn-primary">
            {t('settings.brand.create')}
          </Link>
        ) : null}
        {brandActions.remove ? (
          <Link
            to={`?deleteBrand=${brand.id}`}
            className="btn-secondary text-red-700"
            aria-label={t('settings.deleteNamed', { name: brand.name })}
            preventScrollReset
          >
            {t('settings.brand.delete')}
          </Link>
        ) : null}
      </SettingsHeader>
      {deletingBrand && brandActions.remove ? (
        <DeleteDialog
          id={brand.id}
          name={brand.name}
          closeTo={`/settings/brand?tab=${tab}`}
          intent="delete-brand"
        />
      ) : null}
      <SettingsTabs
        label={t('settings.tabs')}
        current={tab}
        tabs={TABS.map((id) => ({ id, label: t(`settings.tab.${id}`), to: `/settings/brand?tab=${id}` }))}
      />
      {tab === 'general' ? (
        <BrandGeneralForm
          brand={brand}
          lastResult={answered?.intent === 'general' ? (answered.result ?? undefined) : undefined}
        />
      ) : null}
      {tab === 'integration' ? (
        <BrandIntegrationForm
          brand={brand}
          error={answered?.intent === 'integration' ? answered.error : null}
        />
      ) : null}
      {tab === 'users' && users ? (
        <>
          <ListFilters searchLabel={t('settings.user.search')} dates={false} hidden={{ tab: 'users' }} />
          <div className="flex justify-end">
            {userActions.create ? (
              <Link to="/settings/brand/user/create" className="btn-primary">
                {t('settings.user.create')}
              </Link>
            ) : null}
          </div>
          <UserTable
            users={users.data}
            showPhone
            viewBase="/settings/brand/user"
            can={userActions}
            deleteHref={hrefOf}
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
