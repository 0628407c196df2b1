import type { LoaderFunctionArgs } from '@remix-run/node';
import { printVoucher } from '~/lib/voucher-print.server';

/** Cetak Pembayaran: the Bank Payment Voucher as a PDF, or, for a large one, the way to its progress page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return printVoucher(request, context, params.id);
}
