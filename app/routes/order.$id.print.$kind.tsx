import type { LoaderFunctionArgs } from '@remix-run/node';
import { PRINT_FILE_NAMES, printRequest } from '~/lib/print';
import { printToPdf } from '~/lib/print-pdf.server';

/** Cetak Penjualan, Cetak Invoice and the booking slip of one order, as a PDF. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(
    `/print?kind=${encodeURIComponent(params.kind ?? '')}&id=${encodeURIComponent(params.id ?? '')}`,
    request.url,
  );
  const { kind, ids } = printRequest(url);
  return printToPdf(request, context, {
    path: `/print/orders?${url.searchParams.toString()}`,
    filename: `${PRINT_FILE_NAMES[kind]}-${ids[0]}.pdf`,
  });
}
