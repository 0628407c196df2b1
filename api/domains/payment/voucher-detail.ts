import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  channels,
  invoiceProducts,
  invoices,
  orderProducts,
  orders,
  products,
  sendPaymentOrders,
  sendPayments,
  users,
} from '../../db/schema';
import { notFound } from '../../api-error';
import { requireBrand, type VoucherScope } from './access';
import {
  serializePrepares,
  serializeVoucherOrder,
  serializeVoucherRow,
  type VoucherListRow,
  type VoucherOrderLine,
} from './serializers';
import { voucherHeads } from './voucher-list';

/**
 * The voucher of the caller's brands (and of `brand`, when the request names one), or 404: a voucher of
 * another tenant reads exactly like one that does not exist.
 */
export async function findVoucher(executor: Executor, scope: VoucherScope, id: number, brandId?: number) {
  const [voucher] = await executor
    .select()
    .from(sendPayments)
    .where(and(eq(sendPayments.id, id), isNull(sendPayments.deletedAt)));
  if (!voucher) throw notFound();
  requireBrand(scope, voucher.brandId);
  if (brandId !== undefined && voucher.brandId !== brandId) throw notFound();
  return voucher;
}

/** The lines of `orderIds` with their products, in line order. */
export async function voucherLines(executor: Executor, orderIds: number[]): Promise<VoucherOrderLine[]> {
  if (!orderIds.length) return [];
  return executor
    .select({
      id: orderProducts.id,
      orderId: orderProducts.orderId,
      quantity: orderProducts.quantity,
      quantityReturn: orderProducts.quantityReturn,
      price: orderProducts.price,
      totalPrice: orderProducts.totalPrice,
      totalPriceReturn: orderProducts.totalPriceReturn,
      name: invoiceProducts.name,
      sku: invoiceProducts.sku,
      product: { id: products.id, name: products.name, sku: products.sku },
    })
    .from(orderProducts)
    .leftJoin(invoiceProducts, eq(invoiceProducts.id, orderProducts.invoiceProductId))
    .leftJoin(products, eq(products.id, orderProducts.productId))
    .where(inArray(orderProducts.orderId, orderIds))
    .orderBy(asc(orderProducts.id));
}

/** A run of a voucher's orders, in voucher order (by number): `offset` orders skipped, at most `limit` given. */
export type OrderSlice = { offset: number; limit: number };

/** The voucher's orders, by number, each with its invoice and its lines net of returns; a slice of them if asked. */
export async function voucherOrders(executor: Executor, voucherId: number, slice?: OrderSlice) {
  const query = executor
    .select({
      id: orders.id,
      number: orders.number,
      date: orders.date,
      createdAt: orders.createdAt,
      completedAt: orders.completedAt,
      statusCode: orders.statusCode,
      grandTotal: orders.grandTotal,
      grandTotalReturn: orders.grandTotalReturn,
      invoiceId: orders.invoiceId,
      invoiceExternalNumber: invoices.externalNumber,
      channelName: channels.name,
    })
    .from(sendPaymentOrders)
    .innerJoin(orders, eq(orders.id, sendPaymentOrders.orderId))
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .where(eq(sendPaymentOrders.sendPaymentId, voucherId))
    .orderBy(asc(orders.number), asc(orders.id));
  const heads = slice ? await query.limit(slice.limit).offset(slice.offset) : await query;
  const lines = await voucherLines(
    executor,
    heads.map((head) => head.id),
  );
  const linesOf = new Map<number, VoucherOrderLine[]>();
  for (const line of lines) {
    const list = linesOf.get(line.orderId);
    if (list) list.push(line);
    else linesOf.set(line.orderId, [line]);
  }
  return heads.map((head) => serializeVoucherOrder(head, linesOf.get(head.id) ?? []));
}

/** The voucher's order ids in voucher order, and how many lines the first `before` of them have. */
async function voucherOrderIds(executor: Executor, voucherId: number, before: number) {
  // Two builders: a query builder is changed in place by .limit().
  const ordered = () =>
    executor
      .select({ id: orders.id })
      .from(sendPaymentOrders)
      .innerJoin(orders, eq(orders.id, sendPaymentOrders.orderId))
      .where(eq(sendPaymentOrders.sendPaymentId, voucherId))
      .orderBy(asc(orders.number), asc(orders.id));
  const [rows, [lines]] = await Promise.all([
    ordered(),
    before > 0
      ? executor
          .select({ n: count() })
          .from(orderProducts)
          .where(inArray(orderProducts.orderId, ordered().limit(before)))
      : [{ n: 0 }],
  ]);
  return { ids: rows.map((row) => row.id), lineOffset: Number(lines.n) };
}

/**
 * One voucher with its orders, products and invoices, vendor, bank and preparers. With a slice,
 * `orders` holds only those orders and `line_offset` counts the lines of the orders before them, so a part of
 * the printed voucher numbers its lines on from the part before it; `order_ids` is always every order's.
 */
export async function showVoucher(
  executor: Executor,
  scope: VoucherScope,
  id: number,
  brandId?: number,
  slice?: OrderSlice,
) {
  const voucher = await findVoucher(executor, scope, id, brandId);
  const [[head], orderList, preparers, all] = await Promise.all([
    voucherHeads(executor).where(eq(sendPayments.id, voucher.id)),
    slice?.limit === 0 ? [] : voucherOrders(executor, voucher.id, slice),
    voucherPreparers(executor, voucher),
    slice ? voucherOrderIds(executor, voucher.id, slice.offset) : null,
  ]);
  return {
    ...serializeVoucherRow(head as VoucherListRow),
    order_ids: all ? all.ids : orderList.map((order) => order.id),
    orders: orderList,
    orders_offset: slice?.offset ?? 0,
    line_offset: all?.lineOffset ?? 0,
    prepares: serializePrepares(preparers),
  };
}

/** The users who created and last updated the voucher, the creator first. */
async function voucherPreparers(executor: Executor, voucher: typeof sendPayments.$inferSelect) {
  const ids = [...new Set([voucher.createdBy, voucher.updatedBy].filter((id): id is number => id !== null))];
  if (!ids.length) return [];
  const rows = await executor
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}
