import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { requireCsrf } from '~/lib/csrf.server';
import { notificationTarget } from '~/lib/notification-target';
import { accountApi } from '~/lib/upstream/account.server';
import { upstreamFor } from '~/lib/upstream.server';
import { readForm } from '~/lib/forms.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export async function loader() {
  return redirect('/notifications');
}

/** Opening a notification marks it read, then leads to what it is about. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireCsrf(await readForm(request), request);
  const api = await upstreamFor(request, context);
  const notification = await accountApi.readNotification(api, { id: params.id ?? '' });
  return redirect(notificationTarget(notification));
}
