import { redirect } from '@remix-run/node';

/** The spec's other address of the stock mutation screen. */
export function loader() {
  return redirect('/stock/mutation');
}
