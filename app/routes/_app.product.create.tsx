import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { FormKeyField } from '~/components/form-key-field';
import { ListingForm } from '~/components/listing/listing-form';
import { requirePermission } from '~/lib/access.server';
import { requireCsrf } from '~/lib/csrf.server';
import { formKeyOf, newFormKey } from '~/lib/form-key.server';
import { readForm } from '~/lib/forms.server';
import { emptyDraft } from '~/lib/listing/draft';
import { formChoices, listingAction, requireListingBrand } from '~/lib/listing/action.server';
import { pageTitle } from '~/lib/meta';
import { redirectWithToast } from '~/lib/toast.server';
import { listingApi } from '~/lib/upstream/listings.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, brandId } = await requireListingBrand(request, context);
  requirePermission(user, 'listing.create');
  const draft = emptyDraft();
  return json({ draft, choices: await formChoices(api, brandId, draft), formKey: newFormKey() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api, brandId } = await requireListingBrand(request, context);
  requirePermission(user, 'listing.create');
  return listingAction(api, formData, {
    brandId,
    creating: true,
    save: async (body) => {
      await listingApi.create(api, { brandId, body, formKey: formKeyOf(formData) });
      return redirectWithToast('/product', { type: 'success', message: 'toast.added' });
    },
  });
}

/** A step answers with its own draft and choices: the loader's would only be thrown away. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === 'object' && 'draft' in actionResult
    ? false
    : defaultShouldRevalidate;

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'productCreate' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function CreateListingPage() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-500">
        <Link to="/product" className="hover:underline">
          {t('nav.product')}
        </Link>{' '}
        / <span>{t('listing.create')}</span>
      </nav>
      <h1 id="page-title" className="text-2xl font-semibold">
        {t('listing.create')}
      </h1>
      <ListingForm
        key={answered?.step ?? 'loaded'}
        draft={answered?.draft ?? loaded.draft}
        choices={answered?.choices ?? loaded.choices}
        lastResult={answered?.result}
        review={answered?.review}
        creating
        canEdit
        nameLocked={false}
        hidden={<FormKeyField value={loaded.formKey} />}
        submitLabel={t('listing.save')}
      />
    </section>
  );
}
