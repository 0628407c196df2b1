import type { banks, brands, OrderStatusCode, sendPayments, vendors } from '../../db/schema';
import { BRAND_LABELS } from '../order/service';

type VoucherRow = typeof sendPayments.$inferSelect;
type Named = { id: number; name: string };

export type VoucherListRow = {
  voucher: VoucherRow;
  vendor: Pick<typeof vendors.$inferSelect, 'id' | 'name'>;
  brand: Pick<typeof brands.$inferSelect, 'id' | 'name'>;
  bank: Pick<typeof banks.$inferSelect, 'id' | 'name'> | null;
  total: number | string;
  orderCount: number | string;
};

/** The voucher as the list and the show both give it. */
export function serializeVoucherRow(row: VoucherListRow) {
  const { voucher } = row;
  return {
    id: voucher.id,
    number: voucher.number,
    date: voucher.date,
    due_date: voucher.dueDate,
    brand_id: voucher.brandId,
    brand: { id: row.brand.id, name: row.brand.name },
    brand_name: row.brand.name,
    vendor_id: voucher.vendorId,
    vendor: { id: row.vendor.id, name: row.vendor.name },
    vendor_name: row.vendor.name,
    bank_id: voucher.bankId,
    bank: row.bank ? { id: row.bank.id, name: row.bank.name } : null,
    account_number: voucher.accountNumber,
    account_holder_name: voucher.accountHolderName,
    payment_method_description: voucher.paymentMethodDescription,
    total: Number(row.total),
    order_count: Number(row.orderCount),
    created_at: voucher.createdAt.toISOString(),
    updated_at: voucher.updatedAt.toISOString(),
  };
}

export type VoucherOrderLine = {
  id: number;
  orderId: number;
  quantity: number;
  quantityReturn: number;
  price: number;
  totalPrice: number;
  totalPriceReturn: number;
  name: string | null;
  sku: string | null;
  product: { id: number; name: string; sku: string } | null;
};

export type VoucherOrder = {
  id: number;
  number: string;
  date: Date;
  createdAt: Date;
  completedAt: Date | null;
  statusCode: OrderStatusCode;
  grandTotal: number;
  grandTotalReturn: number;
  invoiceId: number;
  invoiceExternalNumber: string;
  channelName: string;
};

/** A line as the vendor is paid for it: net of what was returned. */
export function serializeVoucherLine(line: VoucherOrderLine) {
  return {
    id: line.id,
    quantity: line.quantity,
    quantity_return: line.quantityReturn,
    quantity_net: line.quantity - line.quantityReturn,
    price: line.price,
    total_price: line.totalPrice,
    total_price_return: line.totalPriceReturn,
    amount: line.totalPrice - line.totalPriceReturn,
    invoice_product: {
      name: line.name ?? line.product?.name ?? null,
      sku: line.sku ?? line.product?.sku ?? null,
      product: line.product,
    },
  };
}

/**
 * An order of a voucher with its lines net of returns (quantity − quantity_return and
 * total_price − total_price_return), so the voucher's total is the sum of what the vendor is owed.
 */
export function serializeVoucherOrder(order: VoucherOrder, lines: VoucherOrderLine[]) {
  const products = lines.map(serializeVoucherLine);
  return {
    id: order.id,
    number: order.number,
    date: order.date.toISOString(),
    created_at: order.createdAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
    status: BRAND_LABELS[order.statusCode],
    status_code: order.statusCode,
    grand_total: order.grandTotal,
    grand_total_return: order.grandTotalReturn,
    amount: products.reduce((sum, line) => sum + line.amount, 0),
    invoice_id: order.invoiceId,
    invoice: {
      id: order.invoiceId,
      external_number: order.invoiceExternalNumber,
      channel_name: order.channelName,
    },
    order_products: products,
  };
}

export function serializePrepares(users: Named[]) {
  return users.map((user) => ({ id: user.id, name: user.name }));
}
