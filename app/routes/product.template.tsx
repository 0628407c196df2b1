import type { LoaderFunctionArgs } from '@remix-run/node';
import { requirePermission } from '~/lib/access.server';
import { spreadsheetResponse } from '~/lib/export.server';
import { requireListingBrand } from '~/lib/listing/action.server';
import { listingApi } from '~/lib/upstream/listings.server';

/** The price template, `YYYY-MM-DD HH:mm:ss product.xlsx`, streamed from the upstream. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, brandId } = await requireListingBrand(request, context);
  requirePermission(user, 'listing.update');
  return spreadsheetResponse(await listingApi.priceTemplate(api, { brandId }));
}
