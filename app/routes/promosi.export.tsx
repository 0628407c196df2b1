import type { LoaderFunctionArgs } from '@remix-run/node';
import { spreadsheetResponse } from '~/lib/export.server';
import { promotionListQuery, promotionPage } from '~/lib/promotion/page.server';
import { promotionApi } from '~/lib/upstream/promotions.server';

/** The promotion list as .xlsx with the list's filters (every page), streamed from the upstream. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, brandId } = await promotionPage(request, context, 'list');
  const query = promotionListQuery(new URL(request.url));
  return spreadsheetResponse(await promotionApi.exportList(api, { brandId, query }));
}
