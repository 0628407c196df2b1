import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { guard, requireToken } from '~/lib/auth.server';
import { requireCsrf } from '~/lib/csrf.server';
import { notificationTarget } from '~/lib/notification-target';
import { upstream } from '~/lib/upstream.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export async function loader() {
  return redirect('/notifications');
}

/** Opening a notification marks it read, then leads to what it is about. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireCsrf(await request.formData(), request);
  const token = await requireToken(request);
  const notification = await guard(request, upstream.readNotification(token, params.id ?? ''));
  return redirect(notificationTarget(notification));
}
