import type { LoaderFunctionArgs } from '@remix-run/node';
import { proxyExport } from '~/lib/export.server';
import { requireScope } from '~/lib/scope.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { scope } = await requireScope(request);
  return proxyExport(request, `/api/${scope.kind}/${scope.id}/export/order`);
}
