import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { Field, FormError } from '~/components/field';
import { FormKeyField } from '~/components/form-key-field';
import { SettingsHeader } from '~/components/settings/settings-header';
import { userCan } from '~/lib/access';
import { requireCsrf } from '~/lib/csrf.server';
import { formKeyOf, newFormKey } from '~/lib/form-key.server';
import { readForm, replyWithUpstreamError } from '~/lib/forms.server';
import { pageTitle } from '~/lib/meta';
import { roleFormSchema } from '~/lib/schemas/settings';
import { requireCard } from '~/lib/settings/access';
import { recordId, requireSettingsScope } from '~/lib/settings/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { settingsApi } from '~/lib/upstream/settings.server';
import { validateAfterSubmit } from '~/lib/form-validation';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, api, scope } = await requireSettingsScope(request, context);
  requireCard(user, 'role');
  const id = recordId(params.id);
  // A role the account may read but not change shows read-only; creating one it may not is no page at all.
  const canSave = userCan(user, id ? 'role.update' : 'role.create');
  if (!id && !canSave) throw new Response('Forbidden', { status: 403 });
  const role = id ? await settingsApi.role(api, { scope, id }) : null;
  return json({ role, canSave, formKey: newFormKey() });
}

/** After creating, back to the list; after editing, the form stays. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api, scope } = await requireSettingsScope(request, context);
  requireCard(user, 'role');
  const id = recordId(params.id);
  const submission = parseWithZod(formData, { schema: roleFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  try {
    await settingsApi.saveRole(api, {
      scope,
      id: id ?? undefined,
      name: submission.value.name,
      formKey: formKeyOf(formData),
    });
    return redirectWithToast(id ? `/settings/role/${id}` : '/settings/role', {
      type: 'success',
      message: id ? 'toast.saved' : 'toast.created',
    });
  } catch (error) {
    return json({ result: replyWithUpstreamError(submission, error, ['name']) }, { status: 400 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title: pageTitle({
      matches,
      page: data?.role ? 'settingsRole' : 'settingsRoleCreate',
      name: data?.role?.name,
    }),
  },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function RoleFormPage() {
  const { role, canSave, formKey } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `role-${role?.id ?? 'new'}`,
    lastResult: answered?.result,
    defaultValue: { name: role?.name ?? '' },
    constraint: getZodConstraint(roleFormSchema),
    ...validateAfterSubmit,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roleFormSchema }),
  });
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader
        title={role ? role.name : t('settings.role.create')}
        trail={[{ label: t('settings.role.title'), to: '/settings/role' }]}
      />
      <Form
        method="post"
        {...getFormProps(form)}
        className="max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-5"
      >
        <AuthenticityTokenInput />
        <FormKeyField value={formKey} />
        <FormError id={form.errorId} errors={form.errors} />
        <fieldset disabled={!canSave}>
          <Field label={t('settings.role.name')} meta={fields.name} type="text" />
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
