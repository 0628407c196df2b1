export { BRAND_ORDER_TABS, INVOICE_TABS, VENDOR_ORDER_TABS } from '../../contract/order-status';

/** All (empty), Dibatalkan and Dialihkan include canceled orders and invoices. */
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
