import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { SettingsHeader } from '~/components/settings/settings-header';
import { UserForm } from '~/components/settings/user-form';
import { userCan } from '~/lib/access';
import { requireCsrf } from '~/lib/csrf.server';
import { newFormKey } from '~/lib/form-key.server';
import { pageTitle } from '~/lib/meta';
import { isPlatformStaff, requireCard } from '~/lib/settings/access';
import { keepKeyAccountsOut, recordId, requireSettingsBrand } from '~/lib/settings/scope.server';
import { roleOptionsFor, saveUserAction, type UserTarget } from '~/lib/settings/user-form.server';
import { settingsApi } from '~/lib/upstream/settings.server';
import { readForm } from '~/lib/forms.server';

async function guard(request: Request, context: LoaderFunctionArgs['context']) {
  const found = await requireSettingsBrand(request, context);
  keepKeyAccountsOut(found.user);
  requireCard(found.user, 'brand');
  const target: UserTarget = { mode: 'member', kind: 'Brand', brandId: found.brandId };
  return { ...found, target };
}

/** A brand's user, from the brand's Users tab: created as "Brand" with the brand (docs/decisions/014). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user: actor, api, brandId, target } = await guard(request, context);
  const id = recordId(params.id);
  // An account the actor may read but not change shows read-only; creating one it may not is no page at all.
  const canSave = userCan(actor, id ? 'user.update' : 'user.create');
  if (!id && !canSave) throw new Response('Forbidden', { status: 403 });
  const [user, roles] = await Promise.all([
    id ? settingsApi.user(api, { id }) : null,
    roleOptionsFor(api, target, { staff: isPlatformStaff(actor) }),
  ]);
  if (user && user.brand_id !== brandId) throw new Response('Not Found', { status: 404 });
  return json({ user, roles, canSave, formKey: newFormKey() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, target } = await guard(request, context);
  return saveUserAction({
    api,
    formData,
    target,
    id: recordId(params.id),
    listPath: '/settings/brand?tab=users',
    formPath: '/settings/brand/user',
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title: pageTitle({
      matches,
      page: data?.user ? 'settingsUser' : 'settingsUserCreate',
      name: data?.user?.name,
    }),
  },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function BrandUserPage() {
  const { user, roles, canSave, formKey } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader
        title={user ? user.name : t('settings.user.create')}
        trail={[{ label: t('settings.brand.title'), to: '/settings/brand?tab=users' }]}
      />
      <UserForm
        key={user?.id ?? 'new'}
        mode="member"
        user={user}
        roles={roles}
        lastResult={answered?.result}
        formKey={formKey}
        canSave={canSave}
      />
    </section>
  );
}
