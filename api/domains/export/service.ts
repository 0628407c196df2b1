import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { channels, customers, invoices } from '../../db/schema';
import {
  customerRowFields,
  customerWhere,
  serializeCustomer,
  type CustomerListQuery,
} from '../customer/service';
import { invoiceWhere, serializeInvoice, type InvoiceFilters } from '../invoice/service';
import { dateConditions } from '../order/service';
import { jakartaTimestamp } from '../rollup/service';
import { idRange, keyset } from './keyset';
import { EXPORT_BATCH, exportFileName, streamWorkbook, type ExportColumn } from './workbook';

function when(date: Date | null | undefined) {
  return date ? jakartaTimestamp(date) : null;
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

export async function exportInvoices(db: Executor, brandId: number, filters: InvoiceFilters, now: Date) {
  const where = invoiceWhere(brandId, filters);
  const dated = dateConditions(invoices.createdAt, filters.dateFrom, filters.dateTo);
  const range = dated.length
    ? await idRange(db, invoices, invoices.id, [eq(invoices.brandId, brandId), ...dated])
    : { after: 0 };
  return streamWorkbook({
    fileName: exportFileName(now, 'invoice'),
    sheetName: 'Invoice',
    columns: INVOICE_COLUMNS,
    now,
    batches: keyset(
      async (afterId) =>
        (
          await db
            .select({ invoice: invoices, channelName: channels.name })
            .from(invoices)
            .innerJoin(channels, eq(channels.id, invoices.channelId))
            .where(
              and(
                where,
                gt(invoices.id, afterId),
                range.upTo === undefined ? undefined : lte(invoices.id, range.upTo),
              ),
            )
            .orderBy(asc(invoices.id))
            .limit(EXPORT_BATCH)
        ).map((row) => serializeInvoice(row.invoice, row.channelName)),
      (row) => row.id,
      range,
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
