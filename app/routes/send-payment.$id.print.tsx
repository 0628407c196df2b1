import type { LoaderFunctionArgs } from '@remix-run/node';
import { idOf } from '~/lib/payment-access.server';
import { printToPdf } from '~/lib/print-pdf.server';

/** Cetak Pembayaran: the Bank Payment Voucher as a PDF, rendered from its print page with the user's session. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = idOf(params.id);
  return printToPdf(request, context, {
    path: `/print/send-payment/${id}`,
    filename: `bank-payment-voucher-${id}.pdf`,
  });
}
