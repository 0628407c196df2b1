import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  invoices,
  orderActivities,
  orderProducts,
  orders,
  sendPaymentOrders,
  stockMovements,
  userBrands,
  users,
  vendorStocks,
  type NotificationData,
  type OrderStatusCode,
  type StockMovementKind,
} from '../../db/schema';
import { enqueueEvent } from '../../events/outbox';
import { notFound } from '../../http/errors';
import { ROLE } from '../access/roles';
import { notifyUsers } from '../notification/service';
import { jakartaDate, jakartaTimestamp, type RollupTracker } from '../rollup/service';
import type { OrderScope } from './filters';
import { BRAND_LABELS, invoiceStatusFor, invoiceStatusLabel, VENDOR_LABELS } from './statuses';

type OrderRow = typeof orders.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

const ORDER_NUMBER_LOCK = 71_010;

/**
 * The brand's order, locked for the rest of the transaction, and whether a payment voucher holds it; 404 when
 * the brand has no such order.
 */
export async function lockBrandOrder(executor: Executor, scope: OrderScope, orderId: number) {
  const [order] = await executor
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.brandId, scope.brandIds[0] ?? 0), isNull(orders.deletedAt)))
    .for('update');
  if (!order) throw notFound();
  const [voucher] = await executor
    .select({ orderId: sendPaymentOrders.orderId })
    .from(sendPaymentOrders)
    .where(eq(sendPaymentOrders.orderId, order.id));
  return { order, paid: Boolean(voucher) };
}

/**
 * `SO/YYYY/MM/NNNNNN`, numbered per Jakarta month like the seed's. A transaction-scoped advisory lock per month
 * makes concurrent accepts take turns for the next number instead of colliding on the unique index; the range
 * read uses that index because every number has the same shape.
 */
export async function nextOrderNumber(executor: Executor, at: Date) {
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

/** Who hears about a brand's orders: its brand users, the key accounts managing it, administrators working in it. */
export async function brandAudience(executor: Executor, brandId: number) {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        isNull(users.deletedAt),
        or(
          and(eq(users.roleId, ROLE.brand), eq(users.brandId, brandId)),
          and(
            eq(users.roleId, ROLE.keyAccount),
            sql`exists (select 1 from ${userBrands} where ${userBrands.userId} = ${users.id} and ${userBrands.brandId} = ${brandId})`,
          ),
          and(eq(users.roleId, ROLE.administrator), eq(users.currentBrandId, brandId)),
        ),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

export async function vendorAudience(executor: Executor, vendorId: number) {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.vendorId, vendorId), eq(users.isActive, true), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

/**
 * `invoice-offer` opens the 'Pesanan Masuk' dialog when it arrives; `invoice-offer-canceled` (an offer withdrawn)
 * only tells, and leads to the offer when opened.
 */
export type NotificationType = 'invoice-offer' | 'invoice-offer-canceled' | 'order-status' | 'order-diverted';

export function notificationData(input: {
  type: NotificationType;
  route: string;
  brandId: number;
  title: string;
  description: string;
  at: Date;
  orderId?: number;
  offerId?: number;
}): NotificationData {
  return {
    web: { type: input.type, route: input.route, brand: { id: input.brandId } },
    notification: {
      title: input.title,
      description: input.description,
      timestamp: jakartaTimestamp(input.at),
      order_id: input.orderId ?? null,
      invoice_offer_log_id: input.offerId ?? null,
      update_stock_history_id: null,
    },
  };
}

export async function notify(
  executor: Executor,
  userIds: number[],
  input: Parameters<typeof notificationData>[0],
) {
  await notifyUsers(executor, { userIds, type: input.type, data: notificationData(input) });
}

/** Tells the brand's users where an order now stands (type order-status). */
export async function notifyBrandOfStatus(executor: Executor, order: OrderRow, vendorName: string, at: Date) {
  await notify(executor, await brandAudience(executor, order.brandId), {
    type: 'order-status',
    route: `/order/${order.id}`,
    brandId: order.brandId,
    title: 'Status Pesanan',
    description: `Pesanan ${order.number} kini ${BRAND_LABELS[order.statusCode]} (${vendorName})`,
    at,
    orderId: order.id,
  });
}

export async function addActivity(
  executor: Executor,
  input: {
    orderId: number;
    message: string;
    statusCode: OrderStatusCode | null;
    userId: number | null;
    at: Date;
  },
) {
  await executor.insert(orderActivities).values({
    orderId: input.orderId,
    message: input.message,
    statusCode: input.statusCode,
    userId: input.userId,
    createdAt: input.at,
  });
}

type StockLine = { productId: number | null; quantity: number };

/**
 * Applies one stock change per product of an order, products in id order so that two orders touching the
 * same products lock their stock rows in the same order. The upsert is atomic, so concurrent orders never
 * lose each other's reservations. Only changes of the available stock (quantity − reserved) go to the ledger.
 */
export async function moveStock(
  executor: Executor,
  input: {
    vendorId: number;
    orderId: number;
    lines: StockLine[];
    kind: StockMovementKind | 'ship';
    note: string;
    userId: number | null;
    at: Date;
  },
) {
  const perProduct = new Map<number, number>();
  for (const line of input.lines) {
    if (line.productId === null || line.quantity === 0) continue;
    perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
  }
  for (const [productId, quantity] of [...perProduct.entries()].sort((a, b) => a[0] - b[0])) {
    const change = {
      reserve: { quantity: 0, reserved: quantity, available: -quantity },
      release: { quantity: 0, reserved: -quantity, available: quantity },
      ship: { quantity: -quantity, reserved: -quantity, available: 0 },
      return: { quantity, reserved: 0, available: quantity },
    }[input.kind as 'reserve' | 'release' | 'ship' | 'return'];
    const [stock] = await executor
      .insert(vendorStocks)
      .values({
        vendorId: input.vendorId,
        productId,
        quantity: change.quantity,
        reserved: change.reserved,
        updatedAt: input.at,
      })
      .onConflictDoUpdate({
        target: [vendorStocks.vendorId, vendorStocks.productId],
        set: {
          quantity: sql`${vendorStocks.quantity} + ${change.quantity}`,
          reserved: sql`${vendorStocks.reserved} + ${change.reserved}`,
          updatedAt: input.at,
        },
      })
      .returning({ quantity: vendorStocks.quantity, reserved: vendorStocks.reserved });
    if (change.available === 0) continue;
    await executor.insert(stockMovements).values({
      vendorId: input.vendorId,
      productId,
      kind: input.kind as StockMovementKind,
      quantity: change.available,
      balanceAfter: stock.quantity - stock.reserved,
      note: input.note,
      orderId: input.orderId,
      userId: input.userId,
      createdAt: input.at,
    });
  }
}

export type NewOrderLine = {
  invoiceProductId: number | null;
  productId: number | null;
  quantity: number;
  price: number;
  totalWeight: number;
};

/** A new order (status new) with its lines, its first activity and its stock reservation. */
export async function createOrder(
  executor: Executor,
  input: {
    invoice: InvoiceRow;
    vendorId: number;
    lines: NewOrderLine[];
    at: Date;
    userId: number | null;
    refOrder?: { id: number; number: string };
    rollups: RollupTracker;
  },
) {
  const number = await nextOrderNumber(executor, input.at);
  const grandTotal = input.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const totalWeight = input.lines.reduce((sum, line) => sum + line.totalWeight, 0);
  const [order] = await executor
    .insert(orders)
    .values({
      number,
      brandId: input.invoice.brandId,
      vendorId: input.vendorId,
      invoiceId: input.invoice.id,
      channelId: input.invoice.channelId,
      statusCode: 'new',
      date: input.at,
      grandTotal,
      grandTotalReturn: 0,
      totalWeight,
      deliveryType: input.invoice.deliveryType,
      refOrderId: input.refOrder?.id ?? null,
      refOrderNumber: input.refOrder?.number ?? null,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  await executor.insert(orderProducts).values(
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
  await addActivity(executor, {
    orderId: order.id,
    message: input.refOrder
      ? `Pesanan dibuat sebagai pengalihan dari ${input.refOrder.number}`
      : 'Pesanan dibuat',
    statusCode: 'new',
    userId: input.userId,
    at: input.at,
  });
  await moveStock(executor, {
    vendorId: input.vendorId,
    orderId: order.id,
    lines: input.lines,
    kind: 'reserve',
    note: `Reservasi ${number}`,
    userId: input.userId,
    at: input.at,
  });
  input.rollups.orderCreated(order);
  return order;
}

/** Moves the invoice to its live order's status; returns whether it changed. */
export async function followOrderOnInvoice(
  executor: Executor,
  invoice: InvoiceRow,
  status: OrderStatusCode,
  at: Date,
  rollups: RollupTracker,
) {
  const next = invoiceStatusFor(status);
  await executor.update(invoices).set({ statusCode: next, updatedAt: at }).where(eq(invoices.id, invoice.id));
  if (next !== invoice.statusCode) rollups.invoiceChanged(invoice, { ...invoice, statusCode: next });
  return next !== invoice.statusCode;
}

function orderPayload(order: OrderRow) {
  return {
    id: order.id,
    number: order.number,
    brand_id: order.brandId,
    vendor_id: order.vendorId,
    invoice_id: order.invoiceId,
    status_code: order.statusCode,
  };
}

/** OrderStatusChanged to the brand and the vendor, InvoiceStatusChanged to the brand: queued in the outbox. */
export async function queueOrderEvents(executor: Executor, order: OrderRow, invoiceStatus?: string) {
  await enqueueEvent(executor, {
    channel: `private-brand.${order.brandId}.order-status`,
    event: 'OrderStatusChanged',
    payload: { order: { ...orderPayload(order), status: BRAND_LABELS[order.statusCode] } },
  });
  await enqueueEvent(executor, {
    channel: `private-vendor.${order.vendorId}.order-status`,
    event: 'OrderStatusChanged',
    payload: { order: { ...orderPayload(order), status: VENDOR_LABELS[order.statusCode] } },
  });
  if (invoiceStatus) await queueInvoiceEvent(executor, order.brandId, order.invoiceId, invoiceStatus);
}

export async function queueInvoiceEvent(
  executor: Executor,
  brandId: number,
  invoiceId: number,
  statusCode: string,
) {
  await enqueueEvent(executor, {
    channel: `private-brand.${brandId}.invoice-status`,
    event: 'InvoiceStatusChanged',
    payload: {
      invoice: {
        id: invoiceId,
        brand_id: brandId,
        status_code: statusCode,
        status: invoiceStatusLabel(statusCode as Parameters<typeof invoiceStatusLabel>[0]),
      },
    },
  });
}

/** The lines of an order as stock lines. */
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
