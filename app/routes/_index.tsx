import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { requireUser } from '~/lib/scope.server';
import { landingPath } from '~/lib/navigation';

/** The first page the account may open; an account that may open none is told so, never sent round in a loop. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  return redirect(landingPath(user) ?? '/no-access');
}
