import type { LoaderFunctionArgs } from '@remix-run/node';
import { isDashboardPage } from '~/lib/dashboard/pages';
import { printToPdf } from '~/lib/print-pdf.server';

/**
 * The dashboard as the user sees it (same search params), printed on the server: the page renders without
 * JavaScript there, so each chart prints as its table, and the print CSS hides the shell and the filters.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = params.page;
  if (!isDashboardPage(page)) throw new Response('Not Found', { status: 404 });
  const { search } = new URL(request.url);
  return printToPdf(request, context, {
    path: `/dashboard/${page}${search}`,
    filename: `dashboard-${page}.pdf`,
  });
}
