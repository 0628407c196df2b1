import type { LoaderFunctionArgs } from '@remix-run/node';
import { spreadsheetResponse } from '~/lib/export.server';
import { requirePaymentStaff } from '~/lib/payment-access.server';
import { paymentListQuery } from '~/lib/payment-list.server';
import { requireUser } from '~/lib/scope.server';
import { paymentApi } from '~/lib/upstream/payments.server';

/** The voucher list's filters as `YYYY-MM-DD HH:mm:ss pembayaran.xlsx`, streamed from the upstream. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  requirePaymentStaff(user);
  const query = paymentListQuery(new URL(request.url));
  delete query.page;
  delete query.per_page;
  delete query.sorted_by;
  delete query.order_by;
  return spreadsheetResponse(await paymentApi.export(api, { query }));
}
