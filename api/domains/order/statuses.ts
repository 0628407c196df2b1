import type { Side } from '../../../contract/access';
import type { InvoiceStatusCode, OrderStatusCode } from '../../db/schema';
import { BRAND_LABELS, PAID_LABEL, VENDOR_LABELS } from '../../../contract/order-status';

export { BRAND_LABELS, PAID_LABEL, VENDOR_LABELS } from '../../../contract/order-status';

export function orderStatusLabel(side: Side, status: OrderStatusCode, paid: boolean): string {
  if (side === 'vendor') return status === 'completed' && paid ? PAID_LABEL : VENDOR_LABELS[status];
  return BRAND_LABELS[status];
}

export function invoiceStatusLabel(status: InvoiceStatusCode): string {
  return BRAND_LABELS[status];
}

/**
 * One status the list may ask for. `paid` narrows `completed` to orders in a voucher (true) or not (false),
 * which is how the vendor side tells Terbayar from Selesai.
 */
export type StatusWanted = { code: OrderStatusCode; paid?: boolean };

function normalise(text: string) {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Reads a status filter item, label of the side or code; undefined when it names nothing. */
export function parseOrderStatus(side: Side, text: string): StatusWanted | undefined {
  const wanted = normalise(text);
  const labels = side === 'vendor' ? VENDOR_LABELS : BRAND_LABELS;
  if (side === 'vendor' && (wanted === normalise(PAID_LABEL) || wanted === 'paid')) {
    return { code: 'completed', paid: true };
  }
  for (const [code, label] of Object.entries(labels) as [OrderStatusCode, string][]) {
    if (wanted === code) return { code };
    if (wanted === normalise(label)) {
      return side === 'vendor' && code === 'completed' ? { code, paid: false } : { code };
    }
  }
  return undefined;
}

/** An order status named by either side's label or by its code; undefined when it names none. */
export function orderStatusCodeOf(text: string): OrderStatusCode | undefined {
  return parseOrderStatus('brand', text)?.code ?? parseOrderStatus('vendor', text)?.code;
}

const INVOICE_CODES: InvoiceStatusCode[] = [
  'new',
  'ready_to_deliver',
  'on_delivery',
  'delivered',
  'completed',
  'canceled',
];

export function parseInvoiceStatus(text: string): InvoiceStatusCode | undefined {
  const wanted = normalise(text);
  return INVOICE_CODES.find((code) => wanted === code || wanted === normalise(BRAND_LABELS[code]));
}

/** The vendor's fulfilment steps, by the path segment that names them. */
export const VENDOR_STEPS = {
  'ready-to-delivery': { from: 'new', to: 'ready_to_deliver' },
  'on-delivery': { from: 'ready_to_deliver', to: 'on_delivery' },
  delivered: { from: 'on_delivery', to: 'delivered' },
} as const satisfies Record<string, { from: OrderStatusCode; to: OrderStatusCode }>;

export type VendorStep = keyof typeof VENDOR_STEPS;

export function isVendorStep(text: string): text is VendorStep {
  return Object.hasOwn(VENDOR_STEPS, text);
}

/** Orders that hold a stock reservation: the units are promised but not shipped yet. */
export const OPEN_STATUSES: OrderStatusCode[] = ['new', 'ready_to_deliver'];
/** Orders that are not sales any more. */
export const DEAD_STATUSES: OrderStatusCode[] = ['canceled', 'diverted'];

export function canChangeVendor(status: OrderStatusCode, paid: boolean) {
  return OPEN_STATUSES.includes(status) && !paid;
}

export function canReplaceProduct(status: OrderStatusCode, paid: boolean) {
  return (status === 'delivered' || status === 'completed') && !paid;
}

/** The invoice shows its live order's status; a diverted order leaves it waiting for the replacement. */
export function invoiceStatusFor(status: OrderStatusCode): InvoiceStatusCode {
  return status === 'diverted' ? 'new' : status;
}
