import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  brands,
  invoices,
  media,
  orderPhotos,
  orderProducts,
  orders,
  users,
  vendorStocks,
  vendors,
} from '../../db/schema';
import { notFound, validationFailed, type FieldErrors } from '../../api-error';
import { runWrite, type Work, type WriteDeps } from '../../work/unit-of-work';
import { moveOrderStock } from '../stock/ledger';
import { addActivity } from './activities';
import { followOrderOnInvoice, orderStockLines } from './create';
import { publishOrderEvents } from './events';
import type { OrderScope } from './filters';
import { notifyBrandOfStatus } from './notifications';
import type { StatusBody } from './schema';
import { VENDOR_LABELS, VENDOR_STEPS, type VendorStep } from './statuses';

type OrderRow = typeof orders.$inferSelect;

/** What one step needs from the body, as field errors; empty when it has everything. */
function missingFields(step: VendorStep, body: StatusBody): FieldErrors {
  const errors: FieldErrors = {};
  if (step === 'on-delivery' && !body.shipping_number) {
    errors.shipping_number = ['The shipping number field is required.'];
  }
  if (step === 'delivered') {
    if (!body.photo_ids?.length) errors.photo_ids = ['The photo ids field is required.'];
    if (!body.receiver_name) errors.receiver_name = ['The receiver name field is required.'];
  }
  return errors;
}

/**
 * Photos must be uploads of the vendor's own users (or of the administrator acting for it); anyone else's
 * media is refused as if it did not exist.
 */
async function checkPhotos(
  executor: Executor,
  vendorId: number,
  actorId: number | null,
  photoIds: number[],
): Promise<FieldErrors> {
  if (photoIds.length === 0) return {};
  const rows = await executor
    .select({ id: media.id })
    .from(media)
    .innerJoin(users, eq(users.id, media.createdBy))
    .where(and(inArray(media.id, photoIds), or(eq(users.vendorId, vendorId), eq(users.id, actorId ?? 0))));
  const own = new Set(rows.map((row) => row.id));
  const errors: FieldErrors = {};
  photoIds.forEach((id, index) => {
    if (!own.has(id)) errors[`photo_ids.${index}`] = [`The selected photo_ids.${index} is invalid.`];
  });
  return errors;
}

function stepNotAllowed(order: OrderRow, step: VendorStep) {
  const target = VENDOR_STEPS[step].to;
  return `Pesanan ${order.number} berstatus ${VENDOR_LABELS[order.statusCode]} dan tidak dapat diubah menjadi ${VENDOR_LABELS[target]}.`;
}

/** Locks the scope's orders in id order, so two bulk moves over the same orders cannot deadlock. */
async function lockOrders(executor: Executor, scope: OrderScope, orderIds: number[]) {
  const conditions = [
    inArray(orders.id, orderIds),
    inArray(orders.brandId, scope.brandIds.length ? scope.brandIds : [0]),
    isNull(orders.deletedAt),
  ];
  if (scope.vendorId !== undefined) conditions.push(eq(orders.vendorId, scope.vendorId));
  return executor
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(asc(orders.id))
    .for('update');
}

/**
 * Locks the stock rows that shipping `locked` will change, all at once in (vendor, product) order. Shipped
 * order by order, two bulk moves over the same products could take their rows in opposite orders and
 * deadlock; a single order's lines are already taken in product order, which this order agrees with.
 */
async function lockShippedStock(executor: Executor, locked: OrderRow[]) {
  await executor
    .select({ productId: vendorStocks.productId })
    .from(vendorStocks)
    .innerJoin(
      orderProducts,
      and(
        eq(orderProducts.productId, vendorStocks.productId),
        inArray(
          orderProducts.orderId,
          locked.map((order) => order.id),
        ),
      ),
    )
    .innerJoin(orders, and(eq(orders.id, orderProducts.orderId), eq(orders.vendorId, vendorStocks.vendorId)))
    .orderBy(asc(vendorStocks.vendorId), asc(vendorStocks.productId))
    .for('update', { of: vendorStocks });
}

/** One step of one locked order: the order, its photos, stock, activity, invoice, notification and events. */
async function applyStep(work: Work, input: { order: OrderRow; step: VendorStep; body: StatusBody }) {
  const { tx: executor, at } = work;
  const { order, step, body } = input;
  const to = VENDOR_STEPS[step].to;
  const changes: Partial<typeof orders.$inferInsert> = { statusCode: to, updatedAt: at };
  let message = '';
  if (step === 'ready-to-delivery') {
    changes.readyToDeliverAt = at;
    message = 'Pesanan diproses vendor';
  } else if (step === 'on-delivery') {
    changes.onDeliveryAt = at;
    changes.shippingNumber = body.shipping_number;
    message = `Pesanan dikirim dengan nomor resi ${body.shipping_number}`;
  } else {
    changes.deliveredAt = at;
    changes.receiverName = body.receiver_name;
    message = `Pesanan diterima oleh ${body.receiver_name}`;
  }
  const [after] = await executor.update(orders).set(changes).where(eq(orders.id, order.id)).returning();
  const photoIds = step === 'ready-to-delivery' ? [] : (body.photo_ids ?? []);
  if (photoIds.length) {
    await executor.insert(orderPhotos).values(
      [...new Set(photoIds)].map((mediaId) => ({
        orderId: order.id,
        mediaId,
        kind: step === 'on-delivery' ? ('delivery' as const) : ('delivered' as const),
        createdAt: at,
      })),
    );
  }
  if (step === 'on-delivery') {
    // The units leave the warehouse: on hand and reserved drop together, the available stock stays.
    await moveOrderStock(work, {
      vendorId: order.vendorId,
      orderId: order.id,
      lines: await orderStockLines(executor, [order.id]),
      kind: 'ship',
      note: `Pengiriman ${order.number}`,
    });
  }
  await addActivity(work, { orderId: order.id, message, statusCode: to });
  await finishMove(work, { before: order, after, action: 'order.status' });
  return after;
}

/** What every status move shares: invoice status, rollups, audit, the brand's notification and the events. */
async function finishMove(work: Work, input: { before: OrderRow; after: OrderRow; action: string }) {
  const { before, after } = input;
  const [invoice] = await work.tx
    .select()
    .from(invoices)
    .where(eq(invoices.id, after.invoiceId))
    .for('update');
  const invoiceStatus = await followOrderOnInvoice(work, invoice, after.statusCode);
  work.rollups.orderChanged(before, after);
  work.audit({ action: input.action, entity: 'order', entityId: after.id, before, after });
  const [vendor] = await work.tx
    .select({ name: vendors.name })
    .from(vendors)
    .where(eq(vendors.id, after.vendorId));
  await notifyBrandOfStatus(work, after, vendor.name);
  publishOrderEvents(work, after, { invoiceStatus });
}

export type MoveInput = { scope: OrderScope; step: VendorStep; body: StatusBody };

/** The vendor moves one order one step; any other move is a 422. */
export async function moveOrderStatus(work: Work, input: MoveInput & { orderId: number }) {
  const missing = missingFields(input.step, input.body);
  if (Object.keys(missing).length) throw validationFailed(missing);
  const [order] = await lockOrders(work.tx, input.scope, [input.orderId]);
  if (!order) throw notFound();
  if (order.statusCode !== VENDOR_STEPS[input.step].from) {
    throw validationFailed({ status: [stepNotAllowed(order, input.step)] });
  }
  const photoErrors = await checkPhotos(work.tx, order.vendorId, work.actorId, input.body.photo_ids ?? []);
  if (Object.keys(photoErrors).length) throw validationFailed(photoErrors);
  return applyStep(work, { order, step: input.step, body: input.body });
}

/**
 * The bulk move: all or nothing. Every selected order must be the vendor's and stand where the step starts;
 * otherwise nothing moves and each offending id is reported under `order_ids.N`.
 */
export async function moveOrdersStatus(work: Work, input: MoveInput & { orderIds: number[] }) {
  const missing = missingFields(input.step, input.body);
  if (Object.keys(missing).length) throw validationFailed(missing);
  const ids = [...new Set(input.orderIds)];
  const locked = await lockOrders(work.tx, input.scope, ids);
  const byId = new Map(locked.map((order) => [order.id, order]));
  const errors: FieldErrors = {};
  input.orderIds.forEach((id, index) => {
    const order = byId.get(id);
    if (!order) errors[`order_ids.${index}`] = [`The selected order_ids.${index} is invalid.`];
    else if (order.statusCode !== VENDOR_STEPS[input.step].from) {
      errors[`order_ids.${index}`] = [stepNotAllowed(order, input.step)];
    }
  });
  if (input.scope.vendorId !== undefined) {
    Object.assign(
      errors,
      await checkPhotos(work.tx, input.scope.vendorId, work.actorId, input.body.photo_ids ?? []),
    );
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (input.step === 'on-delivery') await lockShippedStock(work.tx, locked);
  const moved: OrderRow[] = [];
  for (const order of locked)
    moved.push(await applyStep(work, { order, step: input.step, body: input.body }));
  return moved;
}

/**
 * Completes delivered orders `afterDays` after delivery, each at the moment it fell due, one unit of work per
 * order (skipping any another sweep holds). Returns how many completed.
 */
export async function completeDeliveredOrders(deps: WriteDeps, now: Date, afterDays: number) {
  const afterMs = afterDays * 24 * 60 * 60 * 1000;
  const cutoff = new Date(now.getTime() - afterMs);
  let completed = 0;
  const brandRows = await deps.db.select({ id: brands.id }).from(brands);
  for (const brand of brandRows) {
    // Per brand, so the (brand_id, status_code, created_at) index finds the few delivered orders.
    const due = await deps.db
      .select({ id: orders.id, deliveredAt: orders.deliveredAt })
      .from(orders)
      .where(
        and(
          eq(orders.brandId, brand.id),
          eq(orders.statusCode, 'delivered'),
          lte(orders.deliveredAt, cutoff),
          isNull(orders.deletedAt),
        ),
      )
      .orderBy(asc(orders.id));
    for (const { id, deliveredAt } of due) {
      if (!deliveredAt) continue;
      const at = new Date(deliveredAt.getTime() + afterMs);
      const done = await runWrite(deps, { actorId: null, at }, async (work) => {
        const [order] = await work.tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, id), eq(orders.statusCode, 'delivered')))
          .for('update', { skipLocked: true });
        if (!order || order.deliveredAt?.getTime() !== deliveredAt.getTime()) {
          work.unchanged();
          return false;
        }
        const [after] = await work.tx
          .update(orders)
          .set({ statusCode: 'completed', completedAt: at, updatedAt: at })
          .where(eq(orders.id, id))
          .returning();
        await addActivity(work, { orderId: id, message: 'Pesanan selesai', statusCode: 'completed' });
        await finishMove(work, { before: order, after, action: 'order.complete' });
        return true;
      });
      if (done) completed++;
    }
  }
  return completed;
}
