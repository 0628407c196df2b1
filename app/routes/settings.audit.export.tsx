import type { LoaderFunctionArgs } from '@remix-run/node';
import { spreadsheetResponse } from '~/lib/export.server';
import { i18n } from '~/lib/i18n.server';
import { requireUser } from '~/lib/scope.server';
import { requireCard } from '~/lib/settings/access';
import { AUDIT_FILTERS } from '~/lib/settings/audit';
import { settingsApi } from '~/lib/upstream/settings.server';

/** The audit rows of the viewer's filters as an .xlsx in the viewer's language, streamed from the upstream. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  requireCard(user, 'audit');
  const url = new URL(request.url);
  const query: Record<string, string> = {};
  for (const name of AUDIT_FILTERS) {
    const value = url.searchParams.get(name)?.slice(0, 100);
    // The sign-in filter is a checkbox: on (`1`) or left out, as the list reads it.
    if (value && (name !== 'sign_ins' || value === '1')) query[name] = value;
  }
  // Labelled in the reader's language, as the screen is.
  query.lang = (await i18n.getLocale(request)) === 'en' ? 'en' : 'id';
  return spreadsheetResponse(await settingsApi.auditExport(api, { query }));
}
