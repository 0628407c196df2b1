import type { InvoiceStatusCode, orders } from '../../db/schema';
import type { Work } from '../../work/unit-of-work';
import { BRAND_LABELS, invoiceStatusLabel, VENDOR_LABELS } from './statuses';

type OrderRow = typeof orders.$inferSelect;

function orderPayload(order: OrderRow) {
  return {
    id: order.id,
    number: order.number,
    brand_id: order.brandId,
    vendor_id: order.vendorId,
    invoice_id: order.invoiceId,
    status_code: order.statusCode,
  };
}

/** OrderStatusChanged to the brand and the vendor, and InvoiceStatusChanged to the brand when it moved. */
export function publishOrderEvents(work: Work, order: OrderRow, invoiceStatus?: InvoiceStatusCode) {
  work.publish({
    channel: `private-brand.${order.brandId}.order-status`,
    event: 'OrderStatusChanged',
    payload: { order: { ...orderPayload(order), status: BRAND_LABELS[order.statusCode] } },
  });
  work.publish({
    channel: `private-vendor.${order.vendorId}.order-status`,
    event: 'OrderStatusChanged',
    payload: { order: { ...orderPayload(order), status: VENDOR_LABELS[order.statusCode] } },
  });
  if (invoiceStatus) publishInvoiceEvent(work, order.brandId, order.invoiceId, invoiceStatus);
}

export function publishInvoiceEvent(
  work: Work,
  brandId: number,
  invoiceId: number,
  statusCode: InvoiceStatusCode,
) {
  work.publish({
    channel: `private-brand.${brandId}.invoice-status`,
    event: 'InvoiceStatusChanged',
    payload: {
      invoice: {
        id: invoiceId,
        brand_id: brandId,
        status_code: statusCode,
        status: invoiceStatusLabel(statusCode),
      },
    },
  });
}
