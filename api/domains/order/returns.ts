import { asc, eq } from 'drizzle-orm';
import { orderProducts, orders, products, replacedOrderProducts } from '../../db/schema';
import { forbidden, validationFailed, type FieldErrors } from '../../api-error';
import type { Work } from '../../work/unit-of-work';
import { moveOrderStock } from '../stock/ledger';
import { addActivity } from './activities';
import { publishOrderEvents } from './events';
import type { OrderScope } from './filters';
import { lockBrandOrder } from './locks';
import type { ReplaceProductBody } from './schema';
import { BRAND_LABELS, canReplaceProduct } from './statuses';

/**
 * Returns (Retur): each line adds quantity_return (at most what was not returned yet) and
 * total_price_return, records a replaced-order-product with its note, and raises grand_total_return; the
 * units go back to the vendor's stock.
 */
export async function replaceProducts(
  work: Work,
  input: { scope: OrderScope; orderId: number; body: ReplaceProductBody },
) {
  const { tx, at } = work;
  const { body } = input;
  if (!input.scope.changesOrders) throw forbidden();
  const { order, paid } = await lockBrandOrder(tx, input.scope, input.orderId);
  if (!canReplaceProduct(order.statusCode, paid)) {
    throw validationFailed({
      status: [`Pesanan berstatus ${BRAND_LABELS[order.statusCode]} tidak dapat diretur.`],
    });
  }
  const lines = await tx
    .select({ line: orderProducts, productName: products.name })
    .from(orderProducts)
    .leftJoin(products, eq(products.id, orderProducts.productId))
    .where(eq(orderProducts.orderId, order.id))
    .orderBy(asc(orderProducts.id));
  const byId = new Map(lines.map((row) => [row.line.id, row]));
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  body.order_products.forEach((item, index) => {
    const row = byId.get(item.id);
    if (!row) {
      errors[`order_products.${index}.id`] = [`The selected order_products.${index}.id is invalid.`];
    } else if (seen.has(item.id)) {
      errors[`order_products.${index}.id`] = [`The order_products.${index}.id field has a duplicate value.`];
    } else {
      const left = row.line.quantity - row.line.quantityReturn;
      if (item.quantity > left) {
        errors[`order_products.${index}.quantity`] = [`The quantity field must not be greater than ${left}.`];
      }
    }
    seen.add(item.id);
  });
  if (Object.keys(errors).length) throw validationFailed(errors);

  let returned = 0;
  for (const item of body.order_products) {
    const { line, productName } = byId.get(item.id) as (typeof lines)[number];
    const amount = line.price * item.quantity;
    returned += amount;
    await tx
      .update(orderProducts)
      .set({
        quantityReturn: line.quantityReturn + item.quantity,
        totalPriceReturn: line.totalPriceReturn + amount,
      })
      .where(eq(orderProducts.id, line.id));
    await tx.insert(replacedOrderProducts).values({
      orderProductId: line.id,
      quantity: item.quantity,
      note: item.note ?? null,
      createdBy: work.actorId,
      createdAt: at,
    });
    await addActivity(work, {
      orderId: order.id,
      message: `Retur ${item.quantity} x ${productName ?? 'produk'}: ${item.note ?? ''}`,
      statusCode: null,
    });
  }
  const [after] = await tx
    .update(orders)
    .set({ grandTotalReturn: order.grandTotalReturn + returned, updatedAt: at })
    .where(eq(orders.id, order.id))
    .returning();
  await moveOrderStock(work, {
    vendorId: order.vendorId,
    orderId: order.id,
    lines: body.order_products.map((item) => ({
      productId: (byId.get(item.id) as (typeof lines)[number]).line.productId,
      quantity: item.quantity,
    })),
    kind: 'return',
    note: `Retur ${order.number}`,
  });
  work.rollups.orderReturned(
    after,
    body.order_products.map((item) => ({
      orderProductId: item.id,
      quantity: item.quantity,
      amount: (byId.get(item.id) as (typeof lines)[number]).line.price * item.quantity,
    })),
  );
  work.audit({
    action: 'order.replace-product',
    entity: 'order',
    entityId: order.id,
    before: { grandTotalReturn: order.grandTotalReturn },
    after: {
      grandTotalReturn: after.grandTotalReturn,
      orderProducts: body.order_products.map((item) => ({
        id: item.id,
        quantity: item.quantity,
        note: item.note ?? null,
      })),
    },
  });
  publishOrderEvents(work, after);
  return after;
}
