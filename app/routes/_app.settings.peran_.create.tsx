import { redirect } from '@remix-run/node';

/** The spec's create address of the Roles (Peran) screen leads to the role form, which creates one. */
export function loader() {
  return redirect('/settings/role/create');
}
