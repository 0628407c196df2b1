import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Side } from '../../../contract/access';
import type { Executor } from '../../db/client';
import { channels, invoices, orders, vendors, type OrderStatusCode } from '../../db/schema';
import {
  orderStatusLabel,
  orderWhere,
  paidOrder,
  type OrderFilters,
  type OrderScope,
  type OrderView,
} from '../order/service';
import { flatRows, idRange, type IdRange } from './keyset';
import { dateConditions, jakartaText } from '../../db/jakarta';
import { exportFileName, streamWorkbook, type ExportColumn } from './workbook';

/** One sheet row as the database hands it over: amounts are text from pg (int8) and numbers from PGlite. */
type OrderExportRow = {
  id: number;
  number: string;
  created_at: string;
  invoice_number: string;
  vendor_name: string;
  channel_name: string;
  status_code: OrderStatusCode;
  paid: boolean;
  grand_total: number | string;
  grand_total_return: number | string;
  net_total: number | string;
  shipping_number: string | null;
  receiver_name: string | null;
  preorder_deadline: string | null;
  updated_at: string;
};

function orderColumns({ side, seesShipping }: OrderView): ExportColumn<OrderExportRow>[] {
  const columns: ExportColumn<OrderExportRow>[] = [
    { header: 'Nomor Penjualan', width: 22, value: (row) => row.number },
    { header: 'Tanggal', width: 20, value: (row) => row.created_at },
    { header: 'Nomor Invoice', width: 26, value: (row) => row.invoice_number },
    { header: 'Vendor', width: 24, value: (row) => row.vendor_name },
    { header: 'Channel', width: 12, value: (row) => row.channel_name },
    { header: 'Status', width: 18, value: (row) => orderStatusLabel(side, row.status_code, row.paid) },
    { header: 'Total', type: 'money', value: (row) => row.grand_total },
    { header: 'Retur', type: 'money', value: (row) => row.grand_total_return },
    { header: 'Total Bersih', type: 'money', value: (row) => row.net_total },
    { header: 'Nomor Resi', width: 20, value: (row) => row.shipping_number },
    { header: 'Nama Penerima', width: 20, value: (row) => row.receiver_name },
    { header: 'Deadline PO', width: 20, value: (row) => row.preorder_deadline },
    { header: 'Terakhir Diperbarui', width: 20, value: (row) => row.updated_at },
  ];
  const hidden = new Set([
    ...(side === 'vendor' ? ['Vendor'] : []),
    ...(seesShipping ? [] : ['Nomor Resi', 'Nama Penerima']),
  ]);
  return columns.filter((column) => !hidden.has(column.header));
}

/** Whether the vendor has been paid for the order, which only the vendor's labels tell. */
function paid(side: Side) {
  return side === 'vendor' ? paidOrder : sql<boolean>`false`;
}

/** The orders a dated export can hold, found on the (brand, created_at) or (vendor, created_at) index. */
async function orderIdRange(db: Executor, scope: OrderScope, filters: OrderFilters): Promise<IdRange> {
  const dated = dateConditions(orders.createdAt, filters.dateFrom, filters.dateTo);
  if (dated.length === 0) return { after: 0 };
  const within: SQL[] = [inArray(orders.brandId, scope.brandIds.length ? scope.brandIds : [0]), ...dated];
  if (scope.vendorId !== undefined) within.push(eq(orders.vendorId, scope.vendorId));
  return idRange(db, orders, orders.id, within);
}

/**
 * The orders the list shows for the same scope and filters, newest first as the list opens (docs/decisions/018). Rows are read flat, as the sheet
 * needs them (names joined, dates formatted by the database), without the ORM's row mapping.
 */
export async function exportOrders(db: Executor, scope: OrderScope, filters: OrderFilters, now: Date) {
  const where = orderWhere(scope, filters);
  const range = await orderIdRange(db, scope, filters);
  const batches = flatRows<OrderExportRow>(db, {
    columns: sql`${orders.id} as id, ${orders.number} as number, ${jakartaText(orders.createdAt)} as created_at,
      ${invoices.externalNumber} as invoice_number, ${vendors.name} as vendor_name,
      ${channels.name} as channel_name, ${orders.statusCode} as status_code, ${paid(scope.side)} as paid,
      ${orders.grandTotal} as grand_total, ${orders.grandTotalReturn} as grand_total_return,
      ${orders.grandTotal} - ${orders.grandTotalReturn} as net_total, ${orders.shippingNumber} as shipping_number,
      ${orders.receiverName} as receiver_name, ${jakartaText(invoices.preorderDeadline)} as preorder_deadline,
      ${jakartaText(orders.updatedAt)} as updated_at`,
    from: sql`${orders}
      join ${invoices} on ${invoices.id} = ${orders.invoiceId}
      join ${vendors} on ${vendors.id} = ${orders.vendorId}
      join ${channels} on ${channels.id} = ${orders.channelId}`,
    where,
    id: orders.id,
    range,
    newestFirst: true,
  });
  return streamWorkbook({
    fileName: exportFileName(now, 'order'),
    sheetName: 'Penjualan',
    columns: orderColumns(scope),
    batches,
    now,
  });
}
