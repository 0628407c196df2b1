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
import { ROLE } from '~/lib/navigation';
import { isPlatformStaff, requireCard } from '~/lib/settings/access';
import { keepKeyAccountsOut, recordId, requireSettingsScope } from '~/lib/settings/scope.server';
import { roleOptionsFor, saveUserAction, type UserTarget } from '~/lib/settings/user-form.server';
import type { SettingsScope, SettingsUser } from '~/lib/upstream/settings.server';
import { settingsApi } from '~/lib/upstream/settings.server';
import { readForm } from '~/lib/forms.server';

/**
 * The administrator makes platform accounts; a brand or a vendor its own users. A brand's or vendor's user opened
 * here (from the accounts view or the audit log) keeps its own kind of form, whoever opens it.
 */
function targetOf(scope: SettingsScope, user: SettingsUser | null): UserTarget {
  if (user?.kind_id === ROLE.brand && user.brand_id)
    return { mode: 'member', kind: 'Brand', brandId: user.brand_id };
  if (user?.kind_id === ROLE.vendor && user.vendor_id)
    return { mode: 'member', kind: 'Vendor', vendorId: user.vendor_id };
  if (scope.kind === 'brand') return { mode: 'member', kind: 'Brand', brandId: scope.id };
  if (scope.kind === 'vendor') return { mode: 'member', kind: 'Vendor', vendorId: scope.id };
  return { mode: 'staff' };
}

async function guard(request: Request, context: LoaderFunctionArgs['context']) {
  const found = await requireSettingsScope(request, context);
  keepKeyAccountsOut(found.user);
  requireCard(found.user, 'user');
  return found;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user: actor, api, scope } = await guard(request, context);
  const id = recordId(params.id);
  // An account the actor may read but not change shows read-only; creating one it may not is no page at all.
  const canSave = userCan(actor, id ? 'user.update' : 'user.create');
  if (!id && !canSave) throw new Response('Forbidden', { status: 403 });
  const user = id ? await settingsApi.user(api, { id }) : null;
  const target = targetOf(scope, user);
  const [roles, brands] = await Promise.all([
    roleOptionsFor(api, target, { staff: isPlatformStaff(actor) }),
    target.mode === 'staff' ? settingsApi.brands(api) : Promise.resolve([] as { id: number; name: string }[]),
  ]);
  return json({ user, roles, brands, mode: target.mode, canSave, formKey: newFormKey() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, scope } = await guard(request, context);
  const id = recordId(params.id);
  const user = id ? await settingsApi.user(api, { id }) : null;
  return saveUserAction({
    api,
    formData,
    target: targetOf(scope, user),
    id,
    listPath: '/settings/user',
    formPath: '/settings/user',
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

export default function UserFormPage() {
  const { user, roles, brands, mode, canSave, formKey } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader
        title={user ? user.name : t('settings.user.create')}
        trail={[{ label: t('settings.user.title'), to: '/settings/user' }]}
      />
      <UserForm
        key={user?.id ?? 'new'}
        mode={mode}
        user={user}
        roles={roles}
        brands={brands}
        lastResult={answered?.result}
        formKey={formKey}
        canSave={canSave}
      />
    </section>
  );
}
