/**
 * The parts a large Bank Payment Voucher is printed in (docs/decisions/045): each part is the print page of a run
 * of the voucher's orders, `offset` orders in, at most `limit` of them.
 */
export type VoucherPart = { offset: number; limit: number };

/** The most orders one part may ask for (the API's own bound on a slice). */
export const VOUCHER_PART_MAX = 5000;

function whole(raw: string | null, min: number, max: number) {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min && value <= max ? value : null;
}

/** The part a print page's address asks for; the whole voucher when it asks for none; 404 when it asks badly. */
export function voucherPartOf(url: URL): VoucherPart | undefined {
  const offset = url.searchParams.get('offset');
  const limit = url.searchParams.get('limit');
  if (offset === null && limit === null) return undefined;
  const part = { offset: whole(offset, 0, 100_000_000), limit: whole(limit, 1, VOUCHER_PART_MAX) };
  if (part.offset === null || part.limit === null) throw new Response('Not Found', { status: 404 });
  return { offset: part.offset, limit: part.limit };
}

/** The print page of one part. */
export function voucherPartPath(voucherId: number, part: VoucherPart) {
  return `/print/send-payment/${voucherId}?offset=${part.offset}&limit=${part.limit}`;
}

/** The parts of a voucher of `orders` orders, `size` orders each: one part for a voucher of at most `size`. */
export function voucherParts(orders: number, size: number): VoucherPart[] {
  const count = Math.max(1, Math.ceil(orders / size));
  return Array.from({ length: count }, (_, index) => ({ offset: index * size, limit: size }));
}
