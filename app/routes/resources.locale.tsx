import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { safeRedirect } from '~/lib/auth.server';
import { requireCsrf } from '~/lib/csrf.server';
import { i18nConfig } from '~/lib/i18n';
import { localeCookie } from '~/lib/i18n.server';
import { readForm } from '~/lib/forms.server';

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const requested = String(formData.get('lng') ?? '');
  const lng = i18nConfig.supportedLngs.includes(requested) ? requested : i18nConfig.fallbackLng;
  return redirect(safeRedirect(formData.get('redirectTo'), '/'), {
    headers: { 'Set-Cookie': await localeCookie.serialize(lng) },
  });
}
