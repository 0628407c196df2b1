export type PrintKind = 'sales' | 'invoice' | 'slip';
const KINDS: PrintKind[] = ['sales', 'invoice', 'slip'];
const MAX_ORDERS = 50;

/** `kind` and the order ids (`id` or `order_ids`, at most 50) of a print request; anything else is a 404. */
export function printRequest(url: URL) {
  const kind = url.searchParams.get('kind') as PrintKind;
  const ids = [...url.searchParams.getAll('id'), ...url.searchParams.getAll('order_ids')].map(Number);
  if (
    !KINDS.includes(kind) ||
    ids.length === 0 ||
    ids.length > MAX_ORDERS ||
    ids.some((id) => !Number.isSafeInteger(id) || id < 1)
  ) {
    throw new Response('Not Found', { status: 404 });
  }
  return { kind, ids: [...new Set(ids)] };
}

export const PRINT_FILE_NAMES: Record<PrintKind, string> = {
  sales: 'cetak-penjualan',
  invoice: 'cetak-invoice',
  slip: 'slip-booking',
};
