import type {
  brands,
  invoiceProducts,
  invoices,
  orderActivities,
  orderProducts,
  orders,
  products,
  replacedOrderProducts,
  vendors,
  OrderStatusCode,
} from '../../db/schema';
import type { OrderView } from './filters';
import { canChangeVendor, canReplaceProduct, orderStatusLabel } from './statuses';

type OrderRow = typeof orders.$inferSelect;

function iso(date: Date | null) {
  return date ? date.toISOString() : null;
}

/** The order fields common to the list row and the detail. */
function orderFields({ side, seesShipping, changesOrders }: OrderView, order: OrderRow, paid: boolean) {
  return {
    id: order.id,
    number: order.number,
    brand_id: order.brandId,
    vendor_id: order.vendorId,
    invoice_id: order.invoiceId,
    channel_id: order.channelId,
    status: orderStatusLabel(side, order.statusCode, paid),
    status_code: order.statusCode,
    is_paid: paid,
    date: order.date.toISOString(),
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    ready_to_deliver_at: iso(order.readyToDeliverAt),
    on_delivery_at: iso(order.onDeliveryAt),
    delivered_at: iso(order.deliveredAt),
    completed_at: iso(order.completedAt),
    canceled_at: iso(order.canceledAt),
    diverted_at: iso(order.divertedAt),
    deleted_at: iso(order.deletedAt),
    grand_total: order.grandTotal,
    grand_total_return: order.grandTotalReturn,
    total_weight: order.totalWeight,
    delivery_type: order.deliveryType,
    receiver_name: seesShipping ? order.receiverName : null,
    shipping_number: seesShipping ? order.shippingNumber : null,
    ref_order_id: order.refOrderId,
    ref_order_number: order.refOrderNumber,
    can_change_vendor: changesOrders && canChangeVendor(order.statusCode, paid),
    can_replace_product: changesOrders && canReplaceProduct(order.statusCode, paid),
  };
}

export type OrderListRow = {
  order: OrderRow;
  paid: boolean;
  invoiceExternalNumber: string;
  invoicePreorderDeadline: Date | null;
  invoicePreorderProcessDay: number | null;
  invoicePreorderProcessStart: Date | null;
  vendorName: string;
  channelName: string;
};

export function serializeOrderRow(view: OrderView, row: OrderListRow) {
  return {
    ...orderFields(view, row.order, row.paid),
    invoice_external_number: row.invoiceExternalNumber,
    vendor_name: row.vendorName,
    channel_name: row.channelName,
    invoice_preorder_deadline: iso(row.invoicePreorderDeadline),
    invoice_preorder_process_day: row.invoicePreorderProcessDay,
    invoice_preorder_process_start: iso(row.invoicePreorderProcessStart),
  };
}

export type OrderItemRow = {
  line: typeof orderProducts.$inferSelect;
  order: Pick<OrderRow, 'id' | 'number' | 'statusCode' | 'createdAt'>;
  paid: boolean;
  productName: string | null;
  productSku: string | null;
  categoryName: string | null;
};

/** A line of the item view (Barang); it can be returned on its own while the order takes returns and units are left. */
export function serializeOrderItem({ side, changesOrders }: OrderView, row: OrderItemRow) {
  const left = row.line.quantity - row.line.quantityReturn;
  return {
    id: row.line.id,
    order_id: row.order.id,
    order_number: row.order.number,
    order_created_at: row.order.createdAt.toISOString(),
    product_id: row.line.productId,
    product_name: row.productName,
    sku: row.productSku,
    category_name: row.categoryName,
    quantity: row.line.quantity,
    quantity_return: row.line.quantityReturn,
    price: row.line.price,
    total_price: row.line.totalPrice,
    total_price_return: row.line.totalPriceReturn,
    order_status: orderStatusLabel(side, row.order.statusCode, row.paid),
    order_status_code: row.order.statusCode,
    can_replace_product: changesOrders && canReplaceProduct(row.order.statusCode, row.paid) && left > 0,
  };
}

export type MediaView = { id: number; name: string; url: string; [key: string]: unknown };

export type OrderDetailParts = {
  order: OrderRow;
  paid: boolean;
  invoice: typeof invoices.$inferSelect;
  channelName: string;
  vendor: typeof vendors.$inferSelect;
  brand: typeof brands.$inferSelect;
  lines: {
    line: typeof orderProducts.$inferSelect;
    invoiceProduct: typeof invoiceProducts.$inferSelect | null;
    product: typeof products.$inferSelect | null;
  }[];
  replaced: (typeof replacedOrderProducts.$inferSelect)[];
  activities: (typeof orderActivities.$inferSelect)[];
  deliveryPhotos: MediaView[];
  deliveredPhotos: MediaView[];
};

export function serializeInvoiceSummary(invoice: typeof invoices.$inferSelect, channelName: string) {
  return {
    id: invoice.id,
    external_number: invoice.externalNumber,
    date: invoice.date.toISOString(),
    channel_id: invoice.channelId,
    channel_name: channelName,
    customer_name: invoice.customerName,
    delivery_type: invoice.deliveryType,
    shipping_cost: invoice.shippingCost,
    insurance_cost: invoice.insuranceCost,
    cashback_amount: invoice.cashbackAmount,
    voucher_amount: invoice.voucherAmount,
    grand_total: invoice.grandTotal,
    payment_method: invoice.paymentMethod,
    payment_date: iso(invoice.paymentDate),
    recipient_name: invoice.recipientName,
    recipient_address_full: invoice.recipientAddressFull,
    recipient_sub_district: invoice.recipientSubDistrict,
    recipient_city: invoice.recipientCity,
    recipient_province: invoice.recipientProvince,
    recipient_postal_code: invoice.recipientPostalCode,
    recipient_mobile_phone: invoice.recipientMobilePhone,
    preorder_process_day: invoice.preorderProcessDay,
    preorder_deadline: iso(invoice.preorderDeadline),
    preorder_process_start: iso(invoice.preorderProcessStart),
    vouchers: invoice.vouchers.map((voucher) => ({ name: voucher.name, amount: voucher.amount })),
    raw_data: invoice.rawData,
  };
}

/** The shipping steps' messages name the shipping number and the receiver; without sight of those, the step alone. */
const SHIPPING_STEP_MESSAGES: Partial<Record<OrderStatusCode, string>> = {
  on_delivery: 'Pesanan dikirim',
  delivered: 'Pesanan diterima',
};

export function serializeOrderDetail(view: OrderView, parts: OrderDetailParts) {
  const notesByLine = new Map<number, (typeof replacedOrderProducts.$inferSelect)[]>();
  for (const row of parts.replaced) {
    const list = notesByLine.get(row.orderProductId) ?? [];
    list.push(row);
    notesByLine.set(row.orderProductId, list);
  }
  return {
    ...orderFields(view, parts.order, parts.paid),
    vendor: { id: parts.vendor.id, name: parts.vendor.name },
    brand: {
      id: parts.brand.id,
      name: parts.brand.name,
      address: parts.brand.address,
      telephone: parts.brand.telephone,
    },
    invoice: serializeInvoiceSummary(parts.invoice, parts.channelName),
    total: parts.order.grandTotal - parts.order.grandTotalReturn,
    order_products: parts.lines.map(({ line, invoiceProduct, product }) => ({
      id: line.id,
      quantity: line.quantity,
      quantity_return: line.quantityReturn,
      price: line.price,
      total_price: line.totalPrice,
      total_price_return: line.totalPriceReturn,
      total_weight: line.totalWeight,
      invoice_product: {
        id: invoiceProduct?.id ?? null,
        name: invoiceProduct?.name ?? product?.name ?? null,
        sku: invoiceProduct?.sku ?? product?.sku ?? null,
        product: product ? { id: product.id, name: product.name, sku: product.sku } : null,
      },
      replaced_order_products: (notesByLine.get(line.id) ?? []).map((row) => ({
        id: row.id,
        quantity: row.quantity,
        note: row.note,
        created_at: row.createdAt.toISOString(),
      })),
    })),
    delivery_photos: view.seesShipping ? parts.deliveryPhotos : [],
    delivered_photos: view.seesShipping ? parts.deliveredPhotos : [],
    order_activities: parts.activities.map((activity) => ({
      id: activity.id,
      timestamp: activity.createdAt.toISOString(),
      message: view.seesShipping
        ? activity.message
        : (SHIPPING_STEP_MESSAGES[activity.statusCode ?? 'new'] ?? activity.message),
      status_code: activity.statusCode,
    })),
  };
}
