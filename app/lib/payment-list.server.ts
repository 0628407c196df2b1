import { listQuery } from './list-query.server';

const ID = /^\d{1,10}$/;

/** The voucher list's query: the common list state, plus the brands filtered on (the list spans the user's brands). */
export function paymentListQuery(url: URL) {
  const query: Record<string, string | string[]> = listQuery(url);
  const brands = url.searchParams.getAll('brand').filter((value) => ID.test(value) && Number(value) > 0);
  if (brands.length) query.brand = brands.slice(0, 100);
  return query;
}
