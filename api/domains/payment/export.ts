import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jakartaText } from '../../db/jakarta';
import {
  banks,
  brands,
  channels,
  invoices,
  orders,
  sendPaymentOrders,
  sendPayments,
  vendors,
} from '../../db/schema';
import { exportFileName, streamWorkbook, type ExportColumn } from '../export/workbook';
import type { VoucherScope } from './access';
import { voucherConditions } from './voucher-list';
import type { VoucherFilters } from './schema';

type VoucherExportRow = {
  number: string;
  date: string;
  dueDate: string | null;
  brandName: string;
  vendorName: string;
  bankName: string | null;
  accountNumber: string | null;
  accountHolderName: string | null;
  paymentMethodDescription: string | null;
  orderNumber: string | null;
  invoiceNumber: string | null;
  channelName: string | null;
  amount: number | null;
  createdAt: string;
};

const COLUMNS: ExportColumn<VoucherExportRow>[] = [
  { header: 'Nomor Voucher', width: 22, value: (row) => row.number },
  { header: 'Tanggal', width: 12, value: (row) => row.date },
  { header: 'Jatuh Tempo', width: 12, value: (row) => row.dueDate },
  { header: 'Brand', width: 20, value: (row) => row.brandName },
  { header: 'Vendor', width: 24, value: (row) => row.vendorName },
  { header: 'Bank', width: 12, value: (row) => row.bankName },
  { header: 'Nomor Rekening', width: 18, value: (row) => row.accountNumber },
  { header: 'Nama Pemilik Rekening', width: 24, value: (row) => row.accountHolderName },
  { header: 'Nomor Cek/BG', width: 16, value: (row) => row.paymentMethodDescription },
  { header: 'Nomor Penjualan', width: 22, value: (row) => row.orderNumber },
  { header: 'Nomor Invoice', width: 26, value: (row) => row.invoiceNumber },
  { header: 'Channel', width: 12, value: (row) => row.channelName },
  { header: 'Jumlah', type: 'money', value: (row) => row.amount },
  { header: 'Dibuat', width: 20, value: (row) => row.createdAt },
];

/** Vouchers per read: each brings its orders along, a few hundred rows at most for a month of one vendor. */
const VOUCHERS_PER_READ = 200;

/**
 * One row per order of each voucher (a voucher's lines as the Bank Payment Voucher lists them), vouchers in the
 * newest first as the list shows them, read a few hundred vouchers at a time by id.
 */
async function* voucherRows(db: Executor, scope: VoucherScope, filters: VoucherFilters) {
  const conditions = voucherConditions(scope, filters);
  let before: number | undefined;
  for (;;) {
    const heads = await db
      .select({
        id: sendPayments.id,
        number: sendPayments.number,
        date: sendPayments.date,
        dueDate: sendPayments.dueDate,
        brandName: brands.name,
        vendorName: vendors.name,
        bankName: banks.name,
        accountNumber: sendPayments.accountNumber,
        accountHolderName: sendPayments.accountHolderName,
        paymentMethodDescription: sendPayments.paymentMethodDescription,
        createdAt: jakartaText(sendPayments.createdAt),
      })
      .from(sendPayments)
      .innerJoin(vendors, eq(vendors.id, sendPayments.vendorId))
      .innerJoin(brands, eq(brands.id, sendPayments.brandId))
      .leftJoin(banks, eq(banks.id, sendPayments.bankId))
      .where(and(...conditions, before === undefined ? undefined : lt(sendPayments.id, before)))
      .orderBy(desc(sendPayments.id))
      .limit(VOUCHERS_PER_READ);
    if (!heads.length) return;
    const lines = await db
      .select({
        voucherId: sendPaymentOrders.sendPaymentId,
        orderNumber: orders.number,
        invoiceNumber: invoices.externalNumber,
        channelName: channels.name,
        grandTotal: orders.grandTotal,
        grandTotalReturn: orders.grandTotalReturn,
      })
      .from(sendPaymentOrders)
      .innerJoin(orders, eq(orders.id, sendPaymentOrders.orderId))
      .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
      .innerJoin(channels, eq(channels.id, orders.channelId))
      .where(
        inArray(
          sendPaymentOrders.sendPaymentId,
          heads.map((head) => head.id),
        ),
      )
      .orderBy(asc(sendPaymentOrders.sendPaymentId), asc(orders.number));
    const byVoucher = new Map<number, typeof lines>();
    for (const line of lines) {
      const own = byVoucher.get(line.voucherId);
      if (own) own.push(line);
      else byVoucher.set(line.voucherId, [line]);
    }
    yield heads.flatMap((head): VoucherExportRow[] => {
      const own = byVoucher.get(head.id) ?? [];
      const base = { ...head, createdAt: String(head.createdAt) };
      if (!own.length)
        return [{ ...base, orderNumber: null, invoiceNumber: null, channelName: null, amount: null }];
      return own.map((line) => ({
        ...base,
        orderNumber: line.orderNumber,
        invoiceNumber: line.invoiceNumber,
        channelName: line.channelName,
        amount: line.grandTotal - line.grandTotalReturn,
      }));
    });
    if (heads.length < VOUCHERS_PER_READ) return;
    before = heads[heads.length - 1].id;
  }
}

/** `GET /api/export/send-payment`: the list's vouchers as `YYYY-MM-DD HH:mm:ss pembayaran.xlsx`. */
export function exportVouchers(db: Executor, scope: VoucherScope, filters: VoucherFilters, now: Date) {
  return streamWorkbook({
    fileName: exportFileName(now, 'pembayaran'),
    sheetName: 'Pembayaran',
    columns: COLUMNS,
    batches: voucherRows(db, scope, filters),
    now,
  });
}
