import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { landingPath } from '~/lib/navigation';
import { requireUser } from '~/lib/scope.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

/**
 * Sign-in and the spec's root lead here: the account's landing page, its first dashboard when it holds them
 * (a vendor's is its sales page), else the first page it may open, else the page saying it may open none.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  return redirect(landingPath(user) ?? '/no-access');
}
