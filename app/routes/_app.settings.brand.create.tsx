import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { BrandCreateForm } from '~/components/settings/brand-forms';
import { SettingsHeader } from '~/components/settings/settings-header';
import { requirePermission } from '~/lib/access.server';
import { requireCsrf } from '~/lib/csrf.server';
import { formKeyOf, newFormKey } from '~/lib/form-key.server';
import { readForm, replyWithUpstreamError } from '~/lib/forms.server';
import { pageTitle } from '~/lib/meta';
import { tenantFormSchema } from '~/lib/schemas/settings';
import { requireUser } from '~/lib/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { accountApi } from '~/lib/upstream/account.server';
import { BRANDS_KEPT, forgetKeptForUser } from '~/lib/upstream/options.server';
import { settingsApi } from '~/lib/upstream/settings.server';

const schema = tenantFormSchema({ kind: 'brand' });
const FIELDS = ['name', 'address', 'city', 'postal_code', 'telephone', 'fax', 'lat', 'lng'];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  requirePermission(user, 'brand.create');
  return json({ formKey: newFormKey() });
}

/** A new brand; it becomes the administrator's current brand, so its settings (Integration next) open. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api } = await requireUser(request, context);
  requirePermission(user, 'brand.create');
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  let brandId: number;
  try {
    const { brand_ids: _brands, is_priority: _priority, ...body } = submission.value;
    const { data } = await settingsApi.createBrand(api, { body, formKey: formKeyOf(formData) });
    brandId = data.id;
  } catch (error) {
    return json({ result: replyWithUpstreamError(submission, error, FIELDS) }, { status: 400 });
  }
  await accountApi.changeBrand(api, { brandId });
  forgetKeptForUser(user.id, BRANDS_KEPT);
  return redirectWithToast('/settings/brand', { type: 'success', message: 'toast.created' });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'settingsBrandCreate' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function CreateBrandPage() {
  const { formKey } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader title={t('settings.brand.create')} />
      <BrandCreateForm formKey={formKey} lastResult={answered?.result} />
    </section>
  );
}
