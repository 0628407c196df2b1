import type { LoaderFunctionArgs } from '@remix-run/node';
import { spreadsheetResponse } from '~/lib/export.server';
import { requireUser } from '~/lib/scope.server';
import { requireCard } from '~/lib/settings/access';
import { AUDIT_FILTERS } from '~/lib/settings/audit';
import { settingsApi } from '~/lib/upstream/settings.server';

/** The audit rows of the viewer's filters as an .xlsx, streamed from the upstream. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  requireCard(user, 'audit');
  const url = new URL(request.url);
  const query: Record<string, string> = {};
  for (const name of AUDIT_FILTERS) {
    const value = url.searchParams.get(name)?.slice(0, 100);
    if (value) query[name] = value;
  }
  return spreadsheetResponse(await settingsApi.auditExport(api, { query }));
}
