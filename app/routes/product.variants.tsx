import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireListingBrand } from '~/lib/listing/action.server';
import { listingApi } from '~/lib/upstream/listings.server';

/** The variant types of a last-level category, for the listing form when its category changes in place. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, brandId } = await requireListingBrand(request, context);
  const raw = new URL(request.url).searchParams.get('cat_id') ?? '';
  if (!/^\d{1,9}$/.test(raw)) return json({ variantTypes: [] });
  return json({ variantTypes: await listingApi.variants(api, { brandId, categoryId: Number(raw) }) });
}
