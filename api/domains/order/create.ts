import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoices, orderProducts, orders, type OrderStatusCode } from '../../db/schema';
import type { Work } from '../../work/unit-of-work';
import { jakartaDate } from '../../db/jakarta';
import { moveOrderStock } from '../stock/ledger';
import { addActivity } from './activities';
import { invoiceStatusFor } from './statuses';

type InvoiceRow = typeof invoices.$inferSelect;

const ORDER_NUMBER_LOCK = 71_010;

/**
 * `SO/YYYY/MM/NNNNNN`, numbered per Jakarta month like the seed's. A transaction-scoped advisory lock per month
 * makes concurrent accepts take turns for the next number instead of colliding on the unique index; the range
 * read uses that index because every number has the same shape.
 */
async function nextOrderNumber(executor: Executor, at: Date) {
  const month = jakartaDate(at).slice(0, 7).replace('-', '/');
  await executor.execute(
    sql`select pg_advisory_xact_lock(${ORDER_NUMBER_LOCK}::int, ${Number(month.replace('/', ''))}::int)`,
  );
  const [last] = await executor
    .select({ number: orders.number })
    .from(orders)
    .where(and(gte(orders.number, `SO/${month}/000000`), lte(orders.number, `SO/${month}/999999`)))
    .orderBy(desc(orders.number))
    .limit(1);
  const next = last ? Number(last.number.slice(-6)) + 1 : 1;
  return `SO/${month}/${String(next).padStart(6, '0')}`;
}

export type NewOrderLine = {
  invoiceProductId: number | null;
  productId: number | null;
  quantity: number;
  price: number;
  totalWeight: number;
};

/** A new order (status new) with its lines, its first activity, its stock reservation and its rollups. */
export async function createOrder(
  work: Work,
  input: {
    invoice: InvoiceRow;
    vendorId: number;
    lines: NewOrderLine[];
    refOrder?: { id: number; number: string };
  },
) {
  const { tx, at } = work;
  const number = await nextOrderNumber(tx, at);
  const grandTotal = input.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const totalWeight = input.lines.reduce((sum, line) => sum + line.totalWeight, 0);
  const [order] = await tx
    .insert(orders)
    .values({
      number,
      brandId: input.invoice.brandId,
      vendorId: input.vendorId,
      invoiceId: input.invoice.id,
      channelId: input.invoice.channelId,
      statusCode: 'new',
      date: at,
      grandTotal,
      grandTotalReturn: 0,
      totalWeight,
      deliveryType: input.invoice.deliveryType,
      refOrderId: input.refOrder?.id ?? null,
      refOrderNumber: input.refOrder?.number ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await tx.insert(orderProducts).values(
    input.lines.map((line) => ({
      orderId: order.id,
      invoiceProductId: line.invoiceProductId,
      productId: line.productId,
      quantity: line.quantity,
      price: line.price,
      totalPrice: line.price * line.quantity,
      totalWeight: line.totalWeight,
    })),
  );
  await addActivity(work, {
    orderId: order.id,
    message: input.refOrder
      ? `Pesanan dibuat sebagai pengalihan dari ${input.refOrder.number}`
      : 'Pesanan dibuat',
    statusCode: 'new',
  });
  await moveOrderStock(work, {
    vendorId: input.vendorId,
    orderId: order.id,
    lines: input.lines,
    kind: 'reserve',
    note: `Reservasi ${number}`,
  });
  work.rollups.orderCreated(order);
  return order;
}

/** Moves the invoice to its live order's status; returns the new status when it changed. */
export async function followOrderOnInvoice(work: Work, invoice: InvoiceRow, status: OrderStatusCode) {
  const next = invoiceStatusFor(status);
  await work.tx
    .update(invoices)
    .set({ statusCode: next, updatedAt: work.at })
    .where(eq(invoices.id, invoice.id));
  if (next === invoice.statusCode) return undefined;
  work.rollups.invoiceChanged(invoice, { ...invoice, statusCode: next });
  return next;
}

/** The lines of orders as stock lines. */
export async function orderStockLines(executor: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return executor
    .select({
      orderId: orderProducts.orderId,
      productId: orderProducts.productId,
      quantity: orderProducts.quantity,
    })
    .from(orderProducts)
    .where(inArray(orderProducts.orderId, orderIds))
    .orderBy(asc(orderProducts.id));
}
