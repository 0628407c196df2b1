import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jakartaDate } from './jakarta';
import {
  writeCustomerRollups,
  writeInvoiceRollups,
  writeProductRollups,
  writeSalesRollups,
  type InvoiceSlice,
  type OrderSlice,
} from './statements';

/** Advisory lock namespaces: one for order slices (sales and product rollups), one for invoice slices. */
const ORDER_SLICE_LOCK = 71_001;
const INVOICE_SLICE_LOCK = 71_002;

/** FNV-1a, folded to a signed 32-bit integer as pg_advisory_xact_lock(int, int) wants. */
function hash32(text: string) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export type RollupTracker = {
  /** The order's rollup slice needs recomputing (call with the row as it was and as it is, when they differ). */
  order(row: { createdAt: Date; brandId: number; vendorId: number; channelId: number }): void;
  /** The invoice's rollup slices (invoice and customer) need recomputing. */
  invoice(row: { createdAt: Date; brandId: number; channelId: number }): void;
  /**
   * Recomputes the touched slices from the raw rows, last thing in the transaction. Each slice is guarded by an
   * advisory lock taken in one global order, so two transactions touching the same day serialise here instead
   * of overwriting each other's counts, and cannot deadlock on the locks.
   */
  flush(executor: Executor): Promise<void>;
};

export function createRollupTracker(): RollupTracker {
  const orderSlices = new Map<string, OrderSlice>();
  const invoiceSlices = new Map<string, InvoiceSlice>();
  return {
    order(row) {
      const slice = {
        date: jakartaDate(row.createdAt),
        brandId: row.brandId,
        vendorId: row.vendorId,
        channelId: row.channelId,
      };
      orderSlices.set(`${slice.date}:${slice.brandId}:${slice.vendorId}:${slice.channelId}`, slice);
    },
    invoice(row) {
      const slice = { date: jakartaDate(row.createdAt), brandId: row.brandId, channelId: row.channelId };
      invoiceSlices.set(`${slice.date}:${slice.brandId}:${slice.channelId}`, slice);
    },
    async flush(executor) {
      const locks = [
        ...[...orderSlices.keys()].map((key) => [ORDER_SLICE_LOCK, hash32(key)] as const),
        ...[...invoiceSlices.keys()].map((key) => [INVOICE_SLICE_LOCK, hash32(key)] as const),
      ].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      for (const [namespace, key] of locks) {
        await executor.execute(sql`select pg_advisory_xact_lock(${namespace}::int, ${key}::int)`);
      }
      for (const slice of orderSlices.values()) {
        await writeSalesRollups(executor, slice);
        await writeProductRollups(executor, slice);
      }
      for (const slice of invoiceSlices.values()) {
        await writeInvoiceRollups(executor, slice);
        await writeCustomerRollups(executor, slice);
      }
      orderSlices.clear();
      invoiceSlices.clear();
    },
  };
}
