import { redirect } from '@remix-run/node';

/** The spec's other address of the stock management screen. */
export function loader() {
  return redirect('/stock/manajemen');
}
