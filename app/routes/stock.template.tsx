import type { LoaderFunctionArgs } from '@remix-run/node';
import { spreadsheetResponse } from '~/lib/export.server';
import { requireScope } from '~/lib/scope.server';
import { stockApi } from '~/lib/upstream/stock.server';

/** The import templates: the brand's vendor prices (`kind=price`), or a vendor's current stock (`kind=stock`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope } = await requireScope(request, context);
  const url = new URL(request.url);
  if (url.searchParams.get('kind') === 'price') {
    if (scope.kind !== 'brand') throw new Response('Not Found', { status: 404 });
    return spreadsheetResponse(await stockApi.priceTemplate(api, { brandId: scope.id }));
  }
  const vendorId = scope.kind === 'vendor' ? scope.id : Number(url.searchParams.get('vendor'));
  if (!Number.isSafeInteger(vendorId) || vendorId < 1) throw new Response('Not Found', { status: 404 });
  return spreadsheetResponse(await stockApi.stockTemplate(api, { vendorId }));
}
