import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requirePaymentStaff } from '~/lib/payment-access.server';
import { requireUser } from '~/lib/scope.server';
import { paymentApi } from '~/lib/upstream/payments.server';

function idParam(url: URL, name: string) {
  const value = Number(url.searchParams.get(name));
  return Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;
}

/**
 * The payment form's autocomplete with JavaScript: account numbers (`kind=number`) or holder names
 * (`kind=name`, for an account number when given) of the vendor's earlier vouchers.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  requirePaymentStaff(user);
  const url = new URL(request.url);
  const vendor = idParam(url, 'vendor');
  if (!vendor) return json({ values: [] as string[] });
  const brand = idParam(url, 'brand');
  const search = url.searchParams.get('search')?.slice(0, 150) || undefined;
  const common = { vendor, ...(brand ? { brand } : {}), ...(search ? { search } : {}) };
  if (url.searchParams.get('kind') === 'name') {
    const accountNumber = url.searchParams.get('account-number')?.slice(0, 50) || undefined;
    const values = await paymentApi.accountNames(api, {
      ...common,
      ...(accountNumber ? { 'account-number': accountNumber } : {}),
    });
    return json({ values });
  }
  return json({ values: await paymentApi.accountNumbers(api, common) });
}
