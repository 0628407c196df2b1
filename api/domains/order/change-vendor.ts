import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, orderProducts, orders, vendorBrands, vendors } from '../../db/schema';
import { recordAudit } from '../../audit/audit';
import type { AuthUser } from '../../http/context';
import { forbidden, validationFailed } from '../../http/errors';
import { createRollupTracker } from '../rollup/service';
import type { OrderScope } from './filters';
import {
  addActivity,
  createOrder,
  lockBrandOrder,
  followOrderOnInvoice,
  moveStock,
  notify,
  queueInvoiceEvent,
  queueOrderEvents,
  vendorAudience,
} from './lifecycle';
import { BRAND_LABELS, canChangeVendor } from './statuses';

/**
 * Change vendor (DESIGN §5): the old order is diverted and its reservation released; a new order for the
 * chosen vendor copies its lines and refers back to it. One transaction, the order row locked throughout.
 */
export async function changeVendor(
  db: Database,
  input: { scope: OrderScope; user: AuthUser; orderId: number; vendorId: number; at: Date },
) {
  const { at, user } = input;
  if (!input.scope.changesOrders) throw forbidden();
  return db.transaction(async (tx) => {
    const { order, paid } = await lockBrandOrder(tx, input.scope, input.orderId);
    if (!canChangeVendor(order.statusCode, paid)) {
      throw validationFailed({
        status: [`Vendor pesanan berstatus ${BRAND_LABELS[order.statusCode]} tidak dapat diubah.`],
      });
    }
    const [vendor] = await tx
      .select({ id: vendors.id, name: vendors.name })
      .from(vendors)
      .innerJoin(vendorBrands, eq(vendorBrands.vendorId, vendors.id))
      .where(
        and(
          eq(vendors.id, input.vendorId),
          eq(vendorBrands.brandId, order.brandId),
          isNull(vendors.deletedAt),
        ),
      );
    if (!vendor || vendor.id === order.vendorId) {
      throw validationFailed({ vendor_id: ['The selected vendor id is invalid.'] });
    }
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, order.invoiceId)).for('update');
    const lines = await tx.select().from(orderProducts).where(eq(orderProducts.orderId, order.id));
    const rollups = createRollupTracker();

    const [diverted] = await tx
      .update(orders)
      .set({ statusCode: 'diverted', divertedAt: at, updatedAt: at })
      .where(eq(orders.id, order.id))
      .returning();
    rollups.orderChanged(order, diverted);
    await moveStock(tx, {
      vendorId: order.vendorId,
      orderId: order.id,
      lines,
      kind: 'release',
      note: `Pengalihan ${order.number}`,
      userId: user.id,
      at,
    });
    const replacement = await createOrder(tx, {
      invoice,
      vendorId: vendor.id,
      lines: lines.map((line) => ({
        invoiceProductId: line.invoiceProductId,
        productId: line.productId,
        quantity: line.quantity,
        price: line.price,
        totalWeight: line.totalWeight,
      })),
      at,
      userId: user.id,
      refOrder: { id: order.id, number: order.number },
      rollups,
    });
    await addActivity(tx, {
      orderId: order.id,
      message: `Pesanan dialihkan ke ${vendor.name} (${replacement.number})`,
      statusCode: 'diverted',
      userId: user.id,
      at,
    });
    const invoiceChanged = await followOrderOnInvoice(tx, invoice, replacement.statusCode, at, rollups);

    await recordAudit(tx, {
      actorId: user.id,
      action: 'order.change-vendor',
      entity: 'order',
      entityId: order.id,
      before: order,
      after: diverted,
    });
    await recordAudit(tx, {
      actorId: user.id,
      action: 'order.store',
      entity: 'order',
      entityId: replacement.id,
      after: replacement,
    });
    await notify(tx, await vendorAudience(tx, order.vendorId), {
      type: 'order-diverted',
      route: `/order/${order.id}`,
      brandId: order.brandId,
      title: 'Pesanan Dialihkan',
      description: `Pesanan ${order.number} dialihkan ke vendor lain`,
      at,
      orderId: order.id,
    });
    await notify(tx, await vendorAudience(tx, vendor.id), {
      type: 'order-status',
      route: `/order/${replacement.id}`,
      brandId: order.brandId,
      title: 'Pesanan Baru',
      description: `Pesanan ${replacement.number} dialihkan ke toko Anda`,
      at,
      orderId: replacement.id,
    });
    await queueOrderEvents(tx, diverted);
    await queueOrderEvents(tx, replacement);
    if (invoiceChanged) await queueInvoiceEvent(tx, invoice.brandId, invoice.id, 'new');
    await rollups.flush(tx);
    return replacement;
  });
}
