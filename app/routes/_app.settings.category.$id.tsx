import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { Field, FormError, SelectField } from '~/components/field';
import { FormKeyField } from '~/components/form-key-field';
import { SettingsHeader } from '~/components/settings/settings-header';
import { userCan } from '~/lib/access';
import { requireCsrf } from '~/lib/csrf.server';
import { formKeyOf, newFormKey } from '~/lib/form-key.server';
import { readForm, replyWithUpstreamError } from '~/lib/forms.server';
import { pageTitle } from '~/lib/meta';
import { categoryFormSchema } from '~/lib/schemas/settings';
import { requireCard } from '~/lib/settings/access';
import { recordId, requireSettingsBrand } from '~/lib/settings/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { settingsApi } from '~/lib/upstream/settings.server';
import { validateAfterSubmit } from '~/lib/form-validation';

async function guard(request: Request, context: LoaderFunctionArgs['context']) {
  const found = await requireSettingsBrand(request, context);
  requireCard(found.user, 'category');
  return found;
}

/** The category form: a name and a parent among the top-level categories, shown by structure name. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, api, brandId } = await guard(request, context);
  const id = recordId(params.id);
  // A category the account may read but not change shows read-only; creating one it may not is no page at all.
  const canSave = userCan(user, id ? 'category.update' : 'category.create');
  if (!id && !canSave) throw new Response('Forbidden', { status: 403 });
  const [category, parents] = await Promise.all([
    id ? settingsApi.category(api, { brandId, id }) : null,
    settingsApi.categories(api, { brandId, query: { only: 'parent', per_page: 1000 } }),
  ]);
  return json({
    category,
    parents: parents.data
      .filter((parent) => parent.id !== id)
      .map((parent) => ({ id: parent.id, name: parent.structure_name })),
    canSave,
    formKey: newFormKey(),
  });
}

/** After creating, back to the list; after editing, the form stays. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, brandId } = await guard(request, context);
  const id = recordId(params.id);
  const submission = parseWithZod(formData, { schema: categoryFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  try {
    await settingsApi.saveCategory(api, {
      brandId,
      id: id ?? undefined,
      name: submission.value.name,
      parentId: submission.value.parent_id ?? null,
      formKey: formKeyOf(formData),
    });
    return redirectWithToast(id ? `/settings/category/${id}` : '/settings/category', {
      type: 'success',
      message: id ? 'toast.saved' : 'toast.created',
    });
  } catch (error) {
    return json(
      { result: replyWithUpstreamError(submission, error, ['name', 'parent_id']) },
      { status: 400 },
    );
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title: pageTitle({
      matches,
      page: data?.category ? 'settingsCategory' : 'settingsCategoryCreate',
      name: data?.category?.name,
    }),
  },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function CategoryFormPage() {
  const { category, parents, canSave, formKey } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `category-${category?.id ?? 'new'}`,
    lastResult: answered?.result,
    defaultValue: {
      name: category?.name ?? '',
      parent_id: category?.parent_id ? String(category.parent_id) : '',
    },
    constraint: getZodConstraint(categoryFormSchema),
    ...validateAfterSubmit,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categoryFormSchema }),
  });
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader
        title={category ? category.name : t('settings.category.create')}
        trail={[{ label: t('settings.category.title'), to: '/settings/category' }]}
      />
      <Form
        method="post"
        {...getFormProps(form)}
        className="max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-5"
      >
        <AuthenticityTokenInput />
        <FormKeyField value={formKey} />
        <FormError id={form.errorId} errors={form.errors} />
        <fieldset disabled={!canSave} className="space-y-4">
          <Field label={t('settings.category.name')} meta={fields.name} type="text" />
          <SelectField label={t('settings.category.parent')} meta={fields.parent_id}>
            <option value="">{t('settings.category.noParent')}</option>
            {parents.map((parent) => (
              <option key={parent.id} value={parent.id}>
                {parent.name}
              </option>
            ))}
          </SelectField>
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
