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

async function guard(request: Request, context: LoaderFunctionArgs['context'], vendorParam?: string) {
  const found = await requireSettingsBrand(request, context);
  keepKeyAccountsOut(found.user);
  requireCard(found.user, 'vendor');
  const vendorId = recordId(vendorParam);
  if (!vendorId) throw new Response('Not Found', { status: 404 });
  const target: UserTarget = { mode: 'member', kind: 'Vendor', vendorId };
  return { ...found, vendorId, target };
}

/** A vendor's user, from the vendor's Users tab: created as "Vendor" with the vendor (docs/decisions/014). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user: actor, api, vendorId, target } = await guard(request, context, params.vendorId);
  const id = recordId(params.id);
  // An account the actor may read but not change shows read-only; creating one it may not is no page at all.
  // A vendor that also serves brands beyond the actor's reach keeps its accounts out of the actor's hands.
  const allowed = userCan(actor, id ? 'user.update' : 'user.create');
  if (!id && !allowed) throw new Response('Forbidden', { status: 403 });
  const [vendor, user, roles] = await Promise.all([
    settingsApi.vendor(api, { id: vendorId }),
    id ? settingsApi.user(api, { id }) : null,
    roleOptionsFor(api, target, { staff: isPlatformStaff(actor) }),
  ]);
  if (user && user.vendor_id !== vendorId) throw new Response('Not Found', { status: 404 });
  if (!id && !vendor.can_change) throw new Response('Forbidden', { status: 403 });
  const canSave = allowed && vendor.can_change;
  return json({ vendor: { id: vendor.id, name: vendor.name }, user, roles, canSave, formKey: newFormKey() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, vendorId, target } = await guard(request, context, params.vendorId);
  const id = recordId(params.id);
  return saveUserAction({
    api,
    formData,
    target,
    id,
    listPath: `/settings/vendor/${vendorId}?tab=users`,
    formPath: `/settings/vendor/${vendorId}/user`,
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

export default function VendorUserPage() {
  const { vendor, user, roles, canSave, formKey } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader
        title={user ? user.name : t('settings.user.create')}
        trail={[
          { label: t('settings.vendor.title'), to: '/settings/vendor' },
          { label: vendor.name, to: `/settings/vendor/${vendor.id}?tab=users` },
        ]}
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
