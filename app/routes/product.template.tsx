import type { LoaderFunctionArgs } from '@remix-run/node';
import { spreadsheetResponse } from '~/lib/export.server';
import { requireListingBrand, requireListingKeeper } from '~/lib/listing-form.server';
import { listingApi } from '~/lib/upstream/listings.server';

/** The price template, `YYYY-MM-DD HH:mm:ss product.xlsx`, streamed from the upstream. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, brandId } = await requireListingBrand(request, context);
  requireListingKeeper(user);
  return spreadsheetResponse(await listingApi.priceTemplate(api, { brandId }));
}
