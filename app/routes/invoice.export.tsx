import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { proxyExport } from '~/lib/export.server';
import { requireScope } from '~/lib/scope.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { scope } = await requireScope(request);
  if (scope.kind !== 'brand') throw redirect('/');
  return proxyExport(request, `/api/brand/${scope.id}/export/invoice`);
}
