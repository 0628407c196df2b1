import type { LoaderFunctionArgs } from '@remix-run/node';
import { PRINT_FILE_NAMES, printRequest } from '~/lib/print';
import { printToPdf } from '~/lib/print-pdf.server';

/** PDF of several orders at once (the vendor list's "print selected"), or of one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { kind, ids } = printRequest(new URL(request.url));
  const query = new URLSearchParams({ kind });
  ids.forEach((id) => query.append('id', String(id)));
  return printToPdf(request, context, {
    path: `/print/orders?${query.toString()}`,
    filename: `${PRINT_FILE_NAMES[kind]}-${ids.join('-').slice(0, 60)}.pdf`,
  });
}
