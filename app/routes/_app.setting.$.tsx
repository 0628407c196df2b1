import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';

/**
 * The spec's mock screens lived under /setting (shipping methods at /setting itself); they are settings
 * screens now, so their old addresses lead there.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const rest = params['*'] ?? '';
  return redirect(rest ? `/settings/${rest}` : '/settings/pengiriman', 301);
}
