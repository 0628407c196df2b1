import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PromotionForm } from '~/components/promotion/promotion-form';
import { requireCsrf } from '~/lib/csrf.server';
import { formKeyOf, newFormKey } from '~/lib/form-key.server';
import { readForm } from '~/lib/forms.server';
import { pageTitle } from '~/lib/meta';
import { promotionAction } from '~/lib/promotion/form.server';
import { productRows, productSearchOf, promotionPage } from '~/lib/promotion/page.server';
import { EMPTY_PROMOTION } from '~/lib/promotion/rows';
import { redirectWithToast } from '~/lib/toast.server';
import { promotionApi } from '~/lib/upstream/promotions.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, brandId, brandName } = await promotionPage(request, context, 'create');
  const search = productSearchOf(request);
  return json({
    brandName,
    search,
    rows: await productRows(api, { brandId, search }),
    formKey: newFormKey(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, brandId } = await promotionPage(request, context, 'create');
  return promotionAction(formData, { api, brandId }, async (body) => {
    const { data } = await promotionApi.create(api, { brandId, body, formKey: formKeyOf(formData) });
    return redirectWithToast(`/promosi/${data.id}`, { type: 'success', message: 'toast.created' });
  });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'promotionCreate' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function CreatePromotionPage() {
  const { brandName, search, rows, formKey } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-500">
        <Link to="/promosi" className="hover:underline">
          {t('promotion.title')}
        </Link>{' '}
        / <span>{t('promotion.create')}</span>
      </nav>
      <h1 id="page-title" className="text-2xl font-semibold">
        {t('promotion.create')}
      </h1>
      <PromotionForm
        key={answered?.draft.step ?? 'loaded'}
        brandName={brandName}
        values={answered?.draft.values ?? EMPTY_PROMOTION}
        rows={answered?.draft.rows ?? rows}
        search={answered?.draft.search ?? search}
        lastResult={answered && 'result' in answered ? answered.result : undefined}
        formKey={formKey}
        submitLabel={t('promotion.save')}
        cancelTo="/promosi"
      />
    </section>
  );
}
