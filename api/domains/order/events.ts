import type { InvoiceStatusCode, orders } from '../../db/schema';
import type { Work } from '../../work/unit-of-work';
import { invoiceStatusLabel, orderStatusLabel } from './statuses';

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

/**
 * OrderStatusChanged to the brand and the vendor, each with its side's label (`paid`: the order is in a voucher,
 * which its vendor reads as Terbayar), and InvoiceStatusChanged to the brand when the invoice moved.
 */
export function publishOrderEvents(
  work: Work,
  order: OrderRow,
  { invoiceStatus, paid = false }: { invoiceStatus?: InvoiceStatusCode; paid?: boolean } = {},
) {
  work.publish({
    channel: `private-brand.${order.brandId}.order-status`,
    event: 'OrderStatusChanged',
    payload: { order: { ...orderPayload(order), status: orderStatusLabel('brand', order.statusCode, paid) } },
  });
  work.publish({
    channel: `private-vendor.${order.vendorId}.order-status`,
    event: 'OrderStatusChanged',
    payload: {
      order: { ...orderPayload(order), status: orderStatusLabel('vendor', order.statusCode, paid) },
    },
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
