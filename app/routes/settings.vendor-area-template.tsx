import type { LoaderFunctionArgs } from '@remix-run/node';
import { spreadsheetResponse } from '~/lib/export.server';
import { requireUser } from '~/lib/scope.server';
import { settingsApi } from '~/lib/upstream/settings.server';

/** The vendor-area template, with the vendor's current areas when one is named. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const vendor = Number(new URL(request.url).searchParams.get('vendor'));
  const vendorId = Number.isSafeInteger(vendor) && vendor > 0 ? vendor : undefined;
  return spreadsheetResponse(await settingsApi.areaTemplate(api, { vendorId }));
}
