import { redirect } from '@remix-run/node';

/** The spec's create address of the access rights (Hak Akses) screen leads to the permission form, which creates one. */
export function loader() {
  return redirect('/settings/permission/create');
}
