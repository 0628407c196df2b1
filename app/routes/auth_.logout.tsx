import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { signOut } from '~/lib/auth.server';
import { requireCsrf } from '~/lib/csrf.server';
import { readForm } from '~/lib/forms.server';

export async function loader() {
  return redirect('/');
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireCsrf(await readForm(request), request);
  return signOut(request, context);
}
