import type { invoices } from '../../db/schema';
import { invoiceStatusLabel } from '../order/service';

function iso(date: Date | null) {
  return date ? date.toISOString() : null;
}

export function serializeInvoice(invoice: typeof invoices.$inferSelect, channelName: string) {
  return {
    id: invoice.id,
    brand_id: invoice.brandId,
    customer_id: invoice.customerId,
    external_number: invoice.externalNumber,
    date: invoice.date.toISOString(),
    created_at: invoice.createdAt.toISOString(),
    updated_at: invoice.updatedAt.toISOString(),
    customer_name: invoice.customerName,
    customer_phone: invoice.customerPhone,
    customer_email: invoice.customerEmail,
    grand_total: invoice.grandTotal,
    subtotal: invoice.subtotal,
    total_product: invoice.totalProduct,
    shipping_cost: invoice.shippingCost,
    insurance_cost: invoice.insuranceCost,
    voucher_amount: invoice.voucherAmount,
    cashback_amount: invoice.cashbackAmount,
    status: invoiceStatusLabel(invoice.statusCode),
    status_code: invoice.statusCode,
    canceled_at: iso(invoice.canceledAt),
    channel: { id: invoice.channelId, name: channelName },
    channel_id: invoice.channelId,
    channel_name: channelName,
    payment_method: invoice.paymentMethod,
    payment_date: iso(invoice.paymentDate),
    delivery_type: invoice.deliveryType,
    preorder_deadline: iso(invoice.preorderDeadline),
    preorder_process_day: invoice.preorderProcessDay,
    preorder_process_start: iso(invoice.preorderProcessStart),
    recipient_name: invoice.recipientName,
    recipient_mobile_phone: invoice.recipientMobilePhone,
    recipient_address_full: invoice.recipientAddressFull,
    recipient_sub_district: invoice.recipientSubDistrict,
    recipient_city: invoice.recipientCity,
    recipient_province: invoice.recipientProvince,
    recipient_postal_code: invoice.recipientPostalCode,
    vouchers: invoice.vouchers.map((voucher) => ({ name: voucher.name, amount: voucher.amount })),
  };
}
