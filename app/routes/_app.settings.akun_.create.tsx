import { redirect } from '@remix-run/node';

/** The spec's create address of the accounts (Akun) screen leads to the user form, which creates one. */
export function loader() {
  return redirect('/settings/user/create');
}
