import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { DataTable } from '~/components/data-table';
import { Field, FormError } from '~/components/field';
import { FormKeyField } from '~/components/form-key-field';
import { Pagination } from '~/components/pagination';
import { SettingsHeader } from '~/components/settings/settings-header';
import { requireCsrf } from '~/lib/csrf.server';
import { formKeyOf, newFormKey } from '~/lib/form-key.server';
import { formatDateTime } from '~/lib/format';
import { readForm, replyWithUpstreamError } from '~/lib/forms.server';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { roleFormSchema } from '~/lib/schemas/settings';
import { requireCard, rowActions } from '~/lib/settings/access';
import { requireSettingsScope } from '~/lib/settings/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { settingsApi } from '~/lib/upstream/settings.server';

/** The mock screen "Peran" made real: the roles (name, last update) and a role made from its name alone. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, scope } = await requireSettingsScope(request, context);
  requireCard(user, 'role');
  const roles = await settingsApi.roles(api, {
    scope,
    query: { ...listQuery(new URL(request.url)), per_page: '5' },
  });
  return json({ roles, can: rowActions(user, 'role'), formKey: newFormKey() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api, scope } = await requireSettingsScope(request, context);
  requireCard(user, 'role');
  const submission = parseWithZod(formData, { schema: roleFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  try {
    await settingsApi.saveRole(api, {
      scope,
      name: submission.value.name,
      formKey: formKeyOf(formData),
    });
    return redirectWithToast('/settings/peran', { type: 'success', message: 'toast.created' });
  } catch (error) {
    return json({ result: replyWithUpstreamError(submission, error, ['name']) }, { status: 400 });
  }
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'settingsPeran' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function PeranPage() {
  const { roles, can, formKey } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: 'peran',
    lastResult: answered?.result,
    constraint: getZodConstraint(roleFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roleFormSchema }),
  });
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader title={t('settings.peran.title')} />
      <DataTable
        caption={t('settings.peran.title')}
        rowKey={(row) => row.id}
        rows={roles.data}
        columns={[
          {
            key: 'name',
            header: t('settings.peran.name'),
            sortKey: 'name',
            cell: (row) =>
              can.view ? (
                <Link to={`/settings/role/${row.id}`} className="text-brand-700 hover:underline">
                  {row.name}
                </Link>
              ) : (
                row.name
              ),
          },
          {
            key: 'updated',
            header: t('settings.peran.updated'),
            sortKey: 'updated_at',
            cell: (row) => formatDateTime(row.updated_at),
          },
        ]}
      />
      <Pagination meta={roles.meta} />
      {can.create ? (
        <Form
          method="post"
          {...getFormProps(form)}
          className="max-w-md space-y-3 rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 className="text-lg font-semibold">{t('settings.peran.create')}</h2>
          <AuthenticityTokenInput />
          <FormKeyField value={formKey} />
          <FormError id={form.errorId} errors={form.errors} />
          <Field label={t('settings.peran.name')} meta={fields.name} type="text" />
          <button type="submit" className="btn-primary" disabled={navigation.state === 'submitting'}>
            {t('settings.save')}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
