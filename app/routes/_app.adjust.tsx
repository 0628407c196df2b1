import { redirect } from '@remix-run/node';

/** The spec's other address of the adjust stock screen. */
export function loader() {
  return redirect('/stock/management/adjust');
}
