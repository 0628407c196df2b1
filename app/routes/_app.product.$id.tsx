import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ListingForm } from '~/components/listing/listing-form';
import { LastPush } from '~/components/last-push';
import { requirePermission } from '~/lib/access.server';
import { requireCsrf } from '~/lib/csrf.server';
import { readForm } from '~/lib/forms.server';
import { formChoices, listingAction, requireListingBrand } from '~/lib/listing/action.server';
import { draftOfListing } from '~/lib/listing/form-state.server';
import { pageTitle } from '~/lib/meta';
import { redirectWithToast } from '~/lib/toast.server';
import { listingApi } from '~/lib/upstream/listings.server';
import { pathId } from '~/lib/record-id';

/** Listing ids are small; a marketplace product id (ten digits or more) is what the stock area links with. */
const PRODUCT_ID = /^\d{10,20}$/;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, brandId, canEdit } = await requireListingBrand(request, context);
  if (params.id && PRODUCT_ID.test(params.id)) {
    const listingId = await listingApi.ofProductId(api, { brandId, productId: params.id });
    throw redirect(`/product/${listingId}`);
  }
  const listing = await listingApi.show(api, { brandId, id: pathId(params.id) });
  const draft = draftOfListing(listing);
  return json({
    listing: {
      id: listing.id,
      name: listing.name,
      external_id: listing.external_id,
      sales_count: listing.sales_count,
      last_push: listing.channel_request_log ?? null,
    },
    draft,
    choices: await formChoices(api, brandId, draft),
    canEdit,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api, brandId } = await requireListingBrand(request, context);
  requirePermission(user, 'listing.update');
  const id = pathId(params.id);
  return listingAction(api, formData, {
    brandId,
    creating: false,
    save: async (body) => {
      await listingApi.update(api, { brandId, id, body });
      return redirectWithToast('/product', { type: 'success', message: 'toast.saved' });
    },
  });
}

/** A step answers with its own draft and choices; after a refused save the last push is reloaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (!actionResult || typeof actionResult !== 'object' || !('draft' in actionResult))
    return defaultShouldRevalidate;
  return 'result' in actionResult;
};

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  { title: pageTitle({ matches, page: 'productEdit', name: data?.listing.name }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function EditListingPage() {
  const { listing, draft, choices, canEdit } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-500">
        <Link to="/product" className="hover:underline">
          {t('nav.product')}
        </Link>{' '}
        / <span>{listing.name}</span>
      </nav>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="page-title" className="text-2xl font-semibold">
          {listing.name}
        </h1>
        {listing.external_id ? (
          <p className="text-sm text-slate-500">{t('listing.externalId', { id: listing.external_id })}</p>
        ) : null}
      </div>
      <ListingForm
        key={answered?.step ?? 'loaded'}
        draft={answered?.draft ?? draft}
        choices={answered?.choices ?? choices}
        lastResult={answered?.result}
        review={answered?.review}
        creating={false}
        canEdit={canEdit}
        nameLocked={listing.sales_count > 0}
        submitLabel={t('listing.save')}
      />
      <LastPush log={listing.last_push} />
    </section>
  );
}
