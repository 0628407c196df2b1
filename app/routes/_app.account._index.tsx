import { redirect } from '@remix-run/node';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export async function loader() {
  return redirect('/account/profile');
}
