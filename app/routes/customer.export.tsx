import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { spreadsheetResponse } from '~/lib/export.server';
import { listQuery } from '~/lib/list-query.server';
import { requireScope } from '~/lib/scope.server';
import { exportApi } from '~/lib/upstream/exports.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope } = await requireScope(request, context, 'customer.list');
  if (scope.kind !== 'brand') throw redirect('/');
  const query = listQuery(new URL(request.url));
  return spreadsheetResponse(await exportApi.customers(api, { brandId: scope.id, query }));
}
