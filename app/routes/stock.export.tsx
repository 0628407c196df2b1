import type { LoaderFunctionArgs } from '@remix-run/node';
import { spreadsheetResponse } from '~/lib/export.server';
import { requireScope } from '~/lib/scope.server';
import { stockApi } from '~/lib/upstream/stock.server';

/** The stock list as .xlsx, streamed from the upstream with its timestamped name. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope } = await requireScope(request, context);
  return spreadsheetResponse(await stockApi.exportStock(api, { scope }));
}
