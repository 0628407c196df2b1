import { and, eq, isNull } from 'drizzle-orm';
import { invoices, orderProducts, orders, vendorBrands, vendors } from '../../db/schema';
import { forbidden, validationFailed } from '../../api-error';
import type { Work } from '../../work/unit-of-work';
import { vendorAudience } from '../notification/audience';
import { moveOrderStock } from '../stock/ledger';
import { addActivity } from './activities';
import { createOrder, followOrderOnInvoice } from './create';
import { publishOrderEvents } from './events';
import type { OrderScope } from './filters';
import { lockBrandOrder } from './locks';
import { notifyAboutOrder } from './notifications';
import { BRAND_LABELS, canChangeVendor } from './statuses';

/**
 * Change vendor: the old order is diverted and its reservation released; a new order for the
 * chosen vendor copies its lines and refers back to it. The order row is locked throughout.
 */
export async function changeVendor(
  work: Work,
  input: { scope: OrderScope; orderId: number; vendorId: number },
) {
  const { tx, at } = work;
  if (!input.scope.changesOrders) throw forbidden();
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
      and(eq(vendors.id, input.vendorId), eq(vendorBrands.brandId, order.brandId), isNull(vendors.deletedAt)),
    );
  if (!vendor || vendor.id === order.vendorId) {
    throw validationFailed({ vendor_id: ['The selected vendor id is invalid.'] });
  }
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, order.invoiceId)).for('update');
  const lines = await tx.select().from(orderProducts).where(eq(orderProducts.orderId, order.id));

  const [diverted] = await tx
    .update(orders)
    .set({ statusCode: 'diverted', divertedAt: at, updatedAt: at })
    .where(eq(orders.id, order.id))
    .returning();
  work.rollups.orderChanged(order, diverted);
  await moveOrderStock(work, {
    vendorId: order.vendorId,
    orderId: order.id,
    lines,
    kind: 'release',
    note: `Pengalihan ${order.number}`,
  });
  const replacement = await createOrder(work, {
    invoice,
    vendorId: vendor.id,
    lines: lines.map((line) => ({
      invoiceProductId: line.invoiceProductId,
      productId: line.productId,
      quantity: line.quantity,
      price: line.price,
      totalWeight: line.totalWeight,
    })),
    refOrder: { id: order.id, number: order.number },
  });
  await addActivity(work, {
    orderId: order.id,
    message: `Pesanan dialihkan ke ${vendor.name} (${replacement.number})`,
    statusCode: 'diverted',
  });
  const invoiceStatus = await followOrderOnInvoice(work, invoice, replacement.statusCode);

  work.audit({
    action: 'order.change-vendor',
    entity: 'order',
    entityId: order.id,
    before: order,
    after: diverted,
  });
  work.audit({ action: 'order.store', entity: 'order', entityId: replacement.id, after: replacement });
  notifyAboutOrder(work, await vendorAudience(tx, order.vendorId), {
    type: 'order-diverted',
    route: `/order/${order.id}`,
    brandId: order.brandId,
    title: 'Pesanan Dialihkan',
    description: `Pesanan ${order.number} dialihkan ke vendor lain`,
    orderId: order.id,
  });
  notifyAboutOrder(work, await vendorAudience(tx, vendor.id), {
    type: 'order-status',
    route: `/order/${replacement.id}`,
    brandId: order.brandId,
    title: 'Pesanan Baru',
    description: `Pesanan ${replacement.number} dialihkan ke toko Anda`,
    orderId: replacement.id,
  });
  publishOrderEvents(work, diverted);
  publishOrderEvents(work, replacement, { invoiceStatus });
  return replacement;
}
