import { listQuery } from '~/lib/list-query.server';
import { includesCanceled } from '~/lib/order-status';
import type { Scope } from '~/lib/scope.server';
import type { Upstream } from '~/lib/upstream/client.server';
import { offerApi } from '~/lib/upstream/offers.server';

/**
 * The order list's upstream query from its address: a tab that shows canceled orders asks for them, and
 * `send-payment` narrows the list to one payment voucher's orders (where the vendor's payment notification leads).
 */
export function orderListQuery(url: URL) {
  const canceledFlags: Record<string, string> = includesCanceled(url.searchParams.get('status'))
    ? { 'with-canceled': '1', 'with-canceled-invoice': '1' }
    : {};
  const voucher = url.searchParams.get('send-payment');
  const voucherId = voucher && /^\d{1,10}$/.test(voucher) ? voucher : null;
  const query = listQuery(url, { ...canceledFlags, ...(voucherId ? { 'send-payment': voucherId } : {}) });
  return { query, voucherId };
}

export type PendingOffers = Awaited<ReturnType<typeof pendingOffers>>;

/** A vendor's offers still waiting for an answer, one page of them (`offers_page`); a brand has none. */
export async function pendingOffers(api: Upstream, { scope, page }: { scope: Scope; page: number }) {
  if (scope.kind !== 'vendor') return { rows: [], total: 0, page: 1, lastPage: 1 };
  const offers = await offerApi.pending(api, { vendorId: scope.id, page });
  return {
    rows: offers.data,
    total: offers.meta.total,
    page: offers.meta.current_page,
    lastPage: offers.meta.last_page,
  };
}
