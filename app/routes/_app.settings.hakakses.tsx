import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { FormError } from '~/components/field';
import { AccessGrid } from '~/components/settings/access-grid';
import { SettingsHeader } from '~/components/settings/settings-header';
import { requireCsrf } from '~/lib/csrf.server';
import { readForm, replyWithUpstreamError } from '~/lib/forms.server';
import { pageTitle } from '~/lib/meta';
import { accessGridSchema } from '~/lib/schemas/settings';
import { isPlatformStaff, requireCard } from '~/lib/settings/access';
import { gateSettingOfRole, usersOfScope } from '~/lib/settings/access-grid.server';
import { requireSettingsScope } from '~/lib/settings/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { settingsApi, type SettingsScope } from '~/lib/upstream/settings.server';

function idParam(url: URL, name: string) {
  const value = Number(url.searchParams.get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The grid's scope: the actor's own, or for platform staff the brand chosen (global without one). */
async function gridScope(request: Request, context: LoaderFunctionArgs['context']) {
  const found = await requireSettingsScope(request, context);
  requireCard(found.user, 'accessGrid');
  const url = new URL(request.url);
  const brand = isPlatformStaff(found.user) ? idParam(url, 'brand') : null;
  const scope: SettingsScope = brand ? { kind: 'brand', id: brand } : found.scope;
  return { ...found, url, scope, brand };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, url, scope, brand } = await gridScope(request, context);
  const appliesTo = url.searchParams.get('applies') === 'user' ? 'user' : 'role';
  const [roles, users, permissions, brands] = await Promise.all([
    settingsApi.roles(api, { scope, query: { per_page: 1000 } }),
    appliesTo === 'user' ? usersOfScope(api, scope) : Promise.resolve([]),
    settingsApi.permissions(api, { scope }),
    isPlatformStaff(user) ? settingsApi.brands(api) : Promise.resolve([]),
  ]);
  const chosenUser =
    appliesTo === 'user' ? users.find((item) => item.id === idParam(url, 'user')) : undefined;
  const roleId = appliesTo === 'user' ? (chosenUser?.roleId ?? null) : idParam(url, 'role');
  const role = roles.data.find((item) => item.id === roleId) ?? null;
  const setting = role ? await gateSettingOfRole(api, scope, role.id) : null;
  return json({
    appliesTo,
    brand,
    brands,
    roles: roles.data.map((item) => ({ id: item.id, name: item.name })),
    users,
    chosenUser: chosenUser ?? null,
    role,
    permissions,
    selected: (setting?.permissions ?? []).map((permission) => permission.id),
  });
}

/** Saves the grid as the role's gate setting: created when the role has none yet. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, scope, url } = await gridScope(request, context);
  const submission = parseWithZod(formData, { schema: accessGridSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  try {
    const setting = await gateSettingOfRole(api, scope, submission.value.role_id);
    await settingsApi.saveGateSetting(api, {
      scope,
      id: setting?.id,
      roleId: submission.value.role_id,
      permissionIds: submission.value.permission_ids,
    });
    return redirectWithToast(`${url.pathname}${url.search}`, {
      type: 'success',
      message: setting ? 'toast.saved' : 'toast.created',
    });
  } catch (error) {
    return json(
      { result: replyWithUpstreamError(submission, error, ['role_id', 'permission_ids']) },
      { status: 400 },
    );
  }
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'settingsAccessGrid' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function AccessGridPage() {
  const { appliesTo, brand, brands, roles, users, chosenUser, role, permissions, selected } =
    useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const errors = answered?.result?.error?.[''] ?? answered?.result?.error?.permission_ids ?? undefined;
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader title={t('settings.grid.title')} />
      <Form
        method="get"
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-4"
      >
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-700">{t('settings.grid.appliesTo')}</legend>
          {(['role', 'user'] as const).map((option) => (
            <label key={option} className="mr-4 inline-flex items-center gap-2 text-sm">
              <input type="radio" name="applies" value={option} defaultChecked={appliesTo === option} />
              {t(`settings.grid.applies.${option}`)}
            </label>
          ))}
        </fieldset>
        {brands.length ? (
          <div>
            <label htmlFor="grid-brand" className="block text-sm font-medium text-slate-700">
              {t('settings.grid.brand')}
            </label>
            <select id="grid-brand" name="brand" defaultValue={brand ?? ''} className="input mt-1">
              <option value="">{t('settings.grid.global')}</option>
              {brands.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor="grid-target" className="block text-sm font-medium text-slate-700">
            {appliesTo === 'user' ? t('settings.grid.user') : t('settings.grid.role')}
          </label>
          <select
            id="grid-target"
            name={appliesTo}
            defaultValue={(appliesTo === 'user' ? chosenUser?.id : role?.id) ?? ''}
            className="input mt-1"
          >
            <option value="">{t('settings.grid.choose')}</option>
            {(appliesTo === 'user' ? users : roles).map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <button type="submit" className="btn-secondary">
            {t('settings.grid.show')}
          </button>
        </div>
      </Form>
      {role ? (
        <Form method="post" className="space-y-4">
          <AuthenticityTokenInput />
          <input type="hidden" name="role_id" value={role.id} />
          <p className="text-sm text-slate-600">
            {chosenUser
              ? t('settings.grid.userRole', { user: chosenUser.name, role: role.name })
              : t('settings.grid.roleOf', { role: role.name })}
          </p>
          <FormError id="grid-errors" errors={errors} />
          <AccessGrid
            key={`${role.id}-${selected.join(',')}`}
            permissions={permissions}
            selected={selected}
          />
          <button type="submit" className="btn-primary" disabled={navigation.state === 'submitting'}>
            {t('settings.save')}
          </button>
        </Form>
      ) : (
        <p className="card text-slate-600">{t('settings.grid.pick')}</p>
      )}
    </section>
  );
}
