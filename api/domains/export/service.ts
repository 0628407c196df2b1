import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { channels, customers, invoices, type InvoiceStatusCode } from '../../db/schema';
import {
  customerRowFields,
  customerWhere,
  serializeCustomer,
  type CustomerListQuery,
} from '../customer/service';
import { invoiceWhere, type InvoiceFilters } from '../invoice/service';
import { invoiceStatusLabel } from '../order/service';
import { flatRows, idRange, keyset } from './keyset';
import { dateConditions, jakartaText } from '../../db/jakarta';
import { EXPORT_BATCH, exportFileName, streamWorkbook, type ExportColumn } from './workbook';

/** One sheet row as the database hands it over: amounts are text from pg (int8) and numbers from PGlite. */
type InvoiceExportRow = {
  id: number;
  external_number: string;
  created_at: string;
  customer_name: string | null;
  customer_phone: string | null;
  customer_email: string | null;
  channel_name: string;
  status_code: InvoiceStatusCode;
  payment_method: string | null;
  total_product: number;
  subtotal: number | string;
  shipping_cost: number | string;
  insurance_cost: number | string;
  voucher_amount: number | string;
  cashback_amount: number | string;
  grand_total: number | string;
  recipient_name: string | null;
  recipient_address_full: string | null;
};

const INVOICE_COLUMNS: ExportColumn<InvoiceExportRow>[] = [
  { header: 'Nomor Invoice', width: 26, value: (row) => row.external_number },
  { header: 'Tanggal', width: 20, value: (row) => row.created_at },
  { header: 'Pelanggan', width: 24, value: (row) => row.customer_name },
  { header: 'Telepon', width: 16, value: (row) => row.customer_phone },
  { header: 'Email', width: 26, value: (row) => row.customer_email },
  { header: 'Channel', width: 12, value: (row) => row.channel_name },
  { header: 'Status', width: 18, value: (row) => invoiceStatusLabel(row.status_code) },
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

/** The invoices the list shows, newest first as the list opens, read flat as the sheet needs them (see exportOrders). */
export async function exportInvoices(db: Executor, brandId: number, filters: InvoiceFilters, now: Date) {
  const where = invoiceWhere(brandId, filters);
  const dated = dateConditions(invoices.createdAt, filters.dateFrom, filters.dateTo);
  const range = dated.length
    ? await idRange(db, invoices, invoices.id, [eq(invoices.brandId, brandId), ...dated])
    : { after: 0 };
  const batches = flatRows<InvoiceExportRow>(db, {
    columns: sql`${invoices.id} as id, ${invoices.externalNumber} as external_number,
      ${jakartaText(invoices.createdAt)} as created_at, ${invoices.customerName} as customer_name,
      ${invoices.customerPhone} as customer_phone, ${invoices.customerEmail} as customer_email,
      ${channels.name} as channel_name, ${invoices.statusCode} as status_code,
      ${invoices.paymentMethod} as payment_method, ${invoices.totalProduct} as total_product,
      ${invoices.subtotal} as subtotal, ${invoices.shippingCost} as shipping_cost,
      ${invoices.insuranceCost} as insurance_cost, ${invoices.voucherAmount} as voucher_amount,
      ${invoices.cashbackAmount} as cashback_amount, ${invoices.grandTotal} as grand_total,
      ${invoices.recipientName} as recipient_name, ${invoices.recipientAddressFull} as recipient_address_full`,
    from: sql`${invoices} join ${channels} on ${channels.id} = ${invoices.channelId}`,
    where,
    id: invoices.id,
    range,
    newestFirst: true,
  });
  return streamWorkbook({
    fileName: exportFileName(now, 'invoice'),
    sheetName: 'Invoice',
    columns: INVOICE_COLUMNS,
    now,
    batches,
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
    now,
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
