import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, sendPaymentOrders } from '../../db/schema';
import { notFound } from '../../api-error';
import type { OrderScope } from './filters';

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
