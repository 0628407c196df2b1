import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { FieldError, FormError, SelectField } from '~/components/field';
import { FormKeyField } from '~/components/form-key-field';
import { PermissionCheckboxes } from '~/components/settings/permission-checkboxes';
import { SettingsHeader } from '~/components/settings/settings-header';
import { userCan } from '~/lib/access';
import { requireCsrf } from '~/lib/csrf.server';
import { formKeyOf, newFormKey } from '~/lib/form-key.server';
import { readForm, replyWithUpstreamError } from '~/lib/forms.server';
import { pageTitle } from '~/lib/meta';
import { gateSettingFormSchema } from '~/lib/schemas/settings';
import { isPlatformStaff, requireCard } from '~/lib/settings/access';
import { recordId, requireSettingsScope } from '~/lib/settings/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { settingsApi } from '~/lib/upstream/settings.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, api, scope } = await requireSettingsScope(request, context);
  requireCard(user, 'permission');
  const id = recordId(params.id);
  // A permission set the account may read but not change shows read-only; creating one it may not is no page.
  const canSave = userCan(user, id ? 'gate-setting.update' : 'gate-setting.create');
  if (!id && !canSave) throw new Response('Forbidden', { status: 403 });
  const [setting, permissions, roles] = await Promise.all([
    id ? settingsApi.gateSetting(api, { scope, id }) : null,
    settingsApi.permissions(api, { scope }),
    settingsApi.roles(api, { scope, query: { per_page: 1000 } }),
  ]);
  return json({
    setting,
    permissions,
    roles: roles.data.map((role) => ({ id: role.id, name: role.name })),
    platformStaff: isPlatformStaff(user),
    canSave,
    formKey: newFormKey(),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api, scope } = await requireSettingsScope(request, context);
  requireCard(user, 'permission');
  const id = recordId(params.id);
  const submission = parseWithZod(formData, { schema: gateSettingFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  try {
    await settingsApi.saveGateSetting(api, {
      scope,
      id: id ?? undefined,
      roleId: submission.value.role_id,
      permissionIds: submission.value.permission_ids,
      formKey: formKeyOf(formData),
    });
    return redirectWithToast(id ? `/settings/permission/${id}` : '/settings/permission', {
      type: 'success',
      message: id ? 'toast.saved' : 'toast.created',
    });
  } catch (error) {
    return json(
      { result: replyWithUpstreamError(submission, error, ['role_id', 'permission_ids']) },
      { status: 400 },
    );
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title: pageTitle({
      matches,
      page: data?.setting ? 'settingsPermission' : 'settingsPermissionCreate',
      name: data?.setting?.role_name,
    }),
  },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function PermissionFormPage() {
  const { setting, permissions, roles, platformStaff, canSave, formKey } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `gate-setting-${setting?.id ?? 'new'}`,
    lastResult: answered?.result,
    defaultValue: { role_id: setting?.role_id ? String(setting.role_id) : '' },
    constraint: getZodConstraint(gateSettingFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: gateSettingFormSchema }),
  });
  const selected = (setting?.permissions ?? []).map((permission) => permission.id);
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader
        title={setting ? setting.role_name : t('settings.permission.create')}
        trail={[{ label: t('settings.permission.title'), to: '/settings/permission' }]}
      />
      <Form
        method="post"
        {...getFormProps(form)}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
      >
        <AuthenticityTokenInput />
        <FormKeyField value={formKey} />
        <FormError id={form.errorId} errors={form.errors} />
        <div className="max-w-md">
          {/* Disabled on edit: the role goes along as a hidden field. */}
          <SelectField
            label={t('settings.permission.role')}
            meta={fields.role_id}
            disabled={Boolean(setting)}
          >
            <option value="" disabled>
              {t('settings.permission.chooseRole')}
            </option>
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </SelectField>
          {setting ? <input type="hidden" name="role_id" value={setting.role_id} /> : null}
        </div>
        <fieldset className="space-y-2" disabled={!canSave}>
          <legend className="text-sm font-medium text-slate-700">{t('settings.permission.available')}</legend>
          <FieldError id={fields.permission_ids.errorId} errors={fields.permission_ids.errors} />
          <PermissionCheckboxes permissions={permissions} selected={selected} platformStaff={platformStaff} />
        </fieldset>
        {canSave ? (
          <button type="submit" className="btn-primary" disabled={navigation.state === 'submitting'}>
            {t('settings.save')}
          </button>
        ) : null}
      </Form>
    </section>
  );
}
