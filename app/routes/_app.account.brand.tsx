import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { safeRedirect } from '~/lib/auth.server';
import { requireCsrf } from '~/lib/csrf.server';
import { redirectWithToast } from '~/lib/toast.server';
import { accountApi } from '~/lib/upstream/account.server';
import { upstreamFor, UpstreamError } from '~/lib/upstream.server';
import { readForm } from '~/lib/forms.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

const changeBrandSchema = z.object({
  brand_id: z.coerce.number().int().positive(),
  redirectTo: z.string().optional(),
});

export async function loader() {
  return redirect('/');
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const api = await upstreamFor(request, context);
  const parsed = changeBrandSchema.safeParse(Object.fromEntries(formData));
  const back = safeRedirect(parsed.data?.redirectTo ?? formData.get('redirectTo'), '/');
  if (!parsed.success) return redirectWithToast(back, { type: 'error', message: 'header.chooseBrand' });
  try {
    await accountApi.changeBrand(api, { brandId: parsed.data.brand_id });
  } catch (error) {
    if (error instanceof UpstreamError)
      return redirectWithToast(back, { type: 'error', message: error.message });
    throw error;
  }
  return redirectWithToast(back, { type: 'success', message: 'toast.saved' });
}
