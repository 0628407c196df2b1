/**
 * An order's statuses, one source for the API and the screens: the codes the API keeps, the label each side
 * reads (the brand side and the vendor side name two steps differently, and a vendor reads a completed order
 * its voucher pays as Terbayar), the order of the list's tabs, and the statuses the dashboard counts as
 * incoming orders. A status filter is sent as its label, as the specification's addresses have it.
 */

export const ORDER_STATUS_CODES = [
  'new',
  'ready_to_deliver',
  'on_delivery',
  'delivered',
  'completed',
  'canceled',
  'diverted',
] as const;

export type OrderStatusCode = (typeof ORDER_STATUS_CODES)[number];

export const BRAND_LABELS: Record<OrderStatusCode, string> = {
  new: 'Pesanan Baru',
  ready_to_deliver: 'Diproses Vendor',
  on_delivery: 'Dalam Pengiriman',
  delivered: 'Pesanan Sampai',
  completed: 'Selesai',
  canceled: 'Dibatalkan',
  diverted: 'Dialihkan',
};

export const VENDOR_LABELS: Record<OrderStatusCode, string> = {
  new: 'Pesanan Baru',
  ready_to_deliver: 'Siap Dikirim',
  on_delivery: 'Dalam Pengiriman',
  delivered: 'Sampai',
  completed: 'Selesai',
  canceled: 'Dibatalkan',
  diverted: 'Dialihkan',
};

/** A completed order inside a payment voucher reads Terbayar to its vendor. */
export const PAID_LABEL = 'Terbayar';

/** Orders that came in and went on: everything accepted but the new, the canceled and the diverted. */
export const INCOMING_STATUS_CODES: readonly OrderStatusCode[] = [
  'completed',
  'ready_to_deliver',
  'on_delivery',
  'delivered',
];

/** The order list's tabs on each side, and the invoice list's, in the order the screens show them. */
export const BRAND_ORDER_TABS = ORDER_STATUS_CODES.map((code) => BRAND_LABELS[code]);
export const VENDOR_ORDER_TABS = [
  ...(['new', 'ready_to_deliver', 'on_delivery', 'delivered', 'completed'] as const).map(
    (code) => VENDOR_LABELS[code],
  ),
  PAID_LABEL,
  VENDOR_LABELS.diverted,
  VENDOR_LABELS.canceled,
];
export const INVOICE_TABS = ORDER_STATUS_CODES.filter((code) => code !== 'diverted').map(
  (code) => BRAND_LABELS[code],
);
