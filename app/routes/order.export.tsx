import type { LoaderFunctionArgs } from '@remix-run/node';
import { spreadsheetResponse } from '~/lib/export.server';
import { listQuery } from '~/lib/list-query.server';
import { requireScope } from '~/lib/scope.server';
import { exportApi } from '~/lib/upstream/exports.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope } = await requireScope(request, context, 'order.list');
  return spreadsheetResponse(await exportApi.orders(api, { scope, query: listQuery(new URL(request.url)) }));
}
