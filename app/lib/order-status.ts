/** Status tabs of the order list: brand-side labels and vendor-side labels (DESIGN §5). */
export const BRAND_ORDER_TABS = [
  'Pesanan Baru',
  'Diproses Vendor',
  'Dalam Pengiriman',
  'Pesanan Sampai',
  'Selesai',
  'Dibatalkan',
  'Dialihkan',
];
export const VENDOR_ORDER_TABS = [
  'Pesanan Baru',
  'Siap Dikirim',
  'Dalam Pengiriman',
  'Sampai',
  'Selesai',
  'Terbayar',
  'Dialihkan',
  'Dibatalkan',
];
export const INVOICE_TABS = [
  'Pesanan Baru',
  'Diproses Vendor',
  'Dalam Pengiriman',
  'Pesanan Sampai',
  'Selesai',
  'Dibatalkan',
];

/** All (empty), Dibatalkan and Dialihkan include canceled orders and invoices (spec 001 §2). */
export function includesCanceled(status: string | null) {
  return !status || status === 'Dibatalkan' || status === 'Dialihkan';
}

/** The vendor's next step from a status code, as the upstream path segment. */
export function nextVendorStep(statusCode: string | null | undefined) {
  if (statusCode === 'new') return 'ready-to-delivery' as const;
  if (statusCode === 'ready_to_deliver') return 'on-delivery' as const;
  if (statusCode === 'on_delivery') return 'delivered' as const;
  return null;
}
