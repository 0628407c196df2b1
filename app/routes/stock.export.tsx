import type { LoaderFunctionArgs } from '@remix-run/node';
import { spreadsheetResponse } from '~/lib/export.server';
import { listQuery } from '~/lib/list-query.server';
import { requireScope } from '~/lib/scope.server';
import { stockApi } from '~/lib/upstream/stock.server';

/** The stock list as .xlsx with the list's filters, streamed from the upstream with its timestamped name. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope } = await requireScope(request, context, 'stock.list');
  const { search, category, vendor } = listQuery(new URL(request.url));
  return spreadsheetResponse(await stockApi.exportStock(api, { scope, query: { search, category, vendor } }));
}
