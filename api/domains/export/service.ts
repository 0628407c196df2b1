import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { channels, customers, invoices, orders } from '../../db/schema';
import {
  customerRowFields,
  customerWhere,
  serializeCustomer,
  type CustomerListQuery,
} from '../customer/service';
import { invoiceWhere, serializeInvoice, type InvoiceFilters } from '../invoice/service';
import {
  orderStatusLabel,
  orderWhere,
  selectOrderRows,
  type OrderFilters,
  type OrderScope,
  type Side,
} from '../order/service';
import { jakartaTimestamp } from '../rollup/service';
import { EXPORT_BATCH, exportFileName, streamWorkbook, type ExportColumn } from './workbook';

function when(date: Date | null | undefined) {
  return date ? jakartaTimestamp(date) : null;
}

/** Reads `page(afterId)` until a short batch: keyset paging, so batch n costs what batch 1 costs. */
async function* keyset<T>(page: (afterId: number) => Promise<T[]>, idOf: (row: T) => number) {
  let afterId = 0;
  for (;;) {
    const rows = await page(afterId);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
    afterId = idOf(rows[rows.length - 1]);
  }
}

type OrderExportRow = Awaited<ReturnType<ReturnType<typeof selectOrderRows>['where']>>[number];

function orderColumns(side: Side): ExportColumn<OrderExportRow>[] {
  const columns: ExportColumn<OrderExportRow>[] = [
    { header: 'Nomor Penjualan', width: 22, value: (row) => row.order.number },
    { header: 'Tanggal', width: 20, value: (row) => when(row.order.createdAt) },
    { header: 'Nomor Invoice', width: 26, value: (row) => row.invoiceExternalNumber },
    { header: 'Vendor', width: 24, value: (row) => row.vendorName },
    { header: 'Channel', width: 12, value: (row) => row.channelName },
    { header: 'Status', width: 18, value: (row) => orderStatusLabel(side, row.order.statusCode, row.paid) },
    { header: 'Total', type: 'money', value: (row) => row.order.grandTotal },
    { header: 'Retur', type: 'money', value: (row) => row.order.grandTotalReturn },
    {
      header: 'Total Bersih',
      type: 'money',
      value: (row) => row.order.grandTotal - row.order.grandTotalReturn,
    },
    { header: 'Nomor Resi', width: 20, value: (row) => row.order.shippingNumber },
    { header: 'Nama Penerima', width: 20, value: (row) => row.order.receiverName },
    { header: 'Deadline PO', width: 20, value: (row) => when(row.invoicePreorderDeadline) },
    { header: 'Terakhir Diperbarui', width: 20, value: (row) => when(row.order.updatedAt) },
  ];
  return side === 'vendor' ? columns.filter((column) => column.header !== 'Vendor') : columns;
}

export function exportOrders(db: Executor, scope: OrderScope, filters: OrderFilters, now: Date) {
  const where = orderWhere(scope, filters);
  return streamWorkbook({
    fileName: exportFileName(now, 'order'),
    sheetName: 'Penjualan',
    columns: orderColumns(scope.side),
    batches: keyset(
      (afterId) =>
        selectOrderRows(db)
          .where(and(where, gt(orders.id, afterId)))
          .orderBy(asc(orders.id))
          .limit(EXPORT_BATCH),
      (row) => row.order.id,
    ),
  });
}

type InvoiceExportRow = ReturnType<typeof serializeInvoice>;

const INVOICE_COLUMNS: ExportColumn<InvoiceExportRow>[] = [
  { header: 'Nomor Invoice', width: 26, value: (row) => row.external_number },
  { header: 'Tanggal', width: 20, value: (row) => when(new Date(row.created_at)) },
  { header: 'Pelanggan', width: 24, value: (row) => row.customer_name },
  { header: 'Telepon', width: 16, value: (row) => row.customer_phone },
  { header: 'Email', width: 26, value: (row) => row.customer_email },
  { header: 'Channel', width: 12, value: (row) => row.channel_name },
  { header: 'Status', width: 18, value: (row) => row.status },
  { header: 'Metode Pembayaran', width: 20, value: (row) => row.payment_method },
  { header: 'Jumlah Barang', type: 'number', value: (row) => row.total_product },
  { header: 'Subtotal', type: 'money', value: (row) => row.subtotal },
  { header: 'Ongkos Kirim', type: 'money', value: (row) => row.shipping_cost },
  { header: 'Asuransi', type: 'money', value: (row) => row.insurance_cost },
  { header: 'Voucher', type: 'money', value: (row) => row.voucher_amount },
  { header: 'Cashback', type: 'money', value: (row) => row.cashback_amount },
  { header: 'Grand Total', type: 'money', value: (row) => row.grand_total },
  { header: 'Penerima', width: 24, value: (row) => row.recipient_name },
  { header: 'Alamat', width: 40, value: (row) => row.recipient_address_full },
];

export function exportInvoices(db: Executor, brandId: number, filters: InvoiceFilters, now: Date) {
  const where = invoiceWhere(brandId, filters);
  return streamWorkbook({
    fileName: exportFileName(now, 'invoice'),
    sheetName: 'Invoice',
    columns: INVOICE_COLUMNS,
    batches: keyset(
      async (afterId) =>
        (
          await db
            .select({ invoice: invoices, channelName: channels.name })
            .from(invoices)
            .innerJoin(channels, eq(channels.id, invoices.channelId))
            .where(and(where, gt(invoices.id, afterId)))
            .orderBy(asc(invoices.id))
            .limit(EXPORT_BATCH)
        ).map((row) => serializeInvoice(row.invoice, row.channelName)),
      (row) => row.id,
    ),
  });
}

type CustomerExportRow = ReturnType<typeof serializeCustomer>;

const CUSTOMER_COLUMNS: ExportColumn<CustomerExportRow>[] = [
  { header: 'Nama', width: 26, value: (row) => row.customer_name },
  { header: 'Email', width: 28, value: (row) => row.customer_email },
  { header: 'Telepon', width: 18, value: (row) => row.customer_phone },
  { header: 'Kota', width: 18, value: (row) => row.city },
  { header: 'Total Invoice', type: 'number', value: (row) => row.total_invoice },
];

export function exportCustomers(db: Executor, brandId: number, query: CustomerListQuery, now: Date) {
  const where = customerWhere(brandId, query);
  return streamWorkbook({
    fileName: exportFileName(now, 'customer'),
    sheetName: 'Pelanggan',
    columns: CUSTOMER_COLUMNS,
    batches: keyset(
      async (afterId) =>
        (
          await db
            .select(customerRowFields(query))
            .from(customers)
            .where(and(where, gt(customers.id, afterId)))
            .orderBy(asc(customers.id))
            .limit(EXPORT_BATCH)
        ).map(serializeCustomer),
      (row) => row.id,
    ),
  });
}
