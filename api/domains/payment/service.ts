import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jakartaTimestamp } from '../../db/jakarta';
import { brands, orders, sendPaymentOrders, sendPayments, vendorBrands, vendors } from '../../db/schema';
import { alreadyTaken, validationFailed, type FieldErrors } from '../../api-error';
import type { Work } from '../../work/unit-of-work';
import { lockBankForUse } from '../bank/service';
import { vendorAudience } from '../notification/audience';
import { addActivity, BRAND_LABELS, PAID_LABEL, publishOrderEvents, VENDOR_LABELS } from '../order/service';
import { holdsBrand, type VoucherScope } from './access';
import type { VoucherBody } from './schema';
import { findVoucher } from './voucher-detail';

type VoucherRow = typeof sendPayments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

async function requireBrandOfCaller(executor: Executor, scope: VoucherScope, brandId: number) {
  const [brand] = await executor
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, brandId), isNull(brands.deletedAt)));
  if (!brand || !holdsBrand(scope, brandId)) {
    throw validationFailed({ brand_id: ['The selected brand id is invalid.'] });
  }
}

/** 422 unless the vendor serves the brand and is not deleted. */
async function requireVendorOfBrand(executor: Executor, vendorId: number, brandId: number, field: string) {
  const [vendor] = await executor
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .innerJoin(vendorBrands, and(eq(vendorBrands.vendorId, vendors.id), eq(vendorBrands.brandId, brandId)))
    .where(and(eq(vendors.id, vendorId), isNull(vendors.deletedAt)));
  if (!vendor) throw validationFailed({ [field]: [`The selected ${field.replace(/_/g, ' ')} is invalid.`] });
  return vendor;
}

async function refuseTakenNumber(executor: Executor, brandId: number, number: string, exceptId?: number) {
  const conditions = [eq(sendPayments.brandId, brandId), eq(sendPayments.number, number)];
  if (exceptId !== undefined) conditions.push(ne(sendPayments.id, exceptId));
  const [taken] = await executor
    .select({ id: sendPayments.id })
    .from(sendPayments)
    .where(and(...conditions));
  if (taken) throw alreadyTaken('send_payments_brand_number_unique');
}

/**
 * Locks `ids` (in id order, as every voucher write does, so two of them cannot deadlock) and checks each one the
 * body names may be paid by this voucher: an order of its brand and vendor, completed, and in no other
 * voucher. A return or a change of vendor locks its order too, so none of them can slip in between.
 */
async function lockPayableOrders(
  work: Work,
  input: { brandId: number; vendorId: number; orderIds: number[]; lockAlso?: number[]; voucherId?: number },
) {
  const errors: FieldErrors = {};
  const seen = new Map<number, number>();
  input.orderIds.forEach((id, index) => {
    if (seen.has(id)) errors[`order_ids.${index}`] = [`The order_ids.${index} field has a duplicate value.`];
    seen.set(id, index);
  });
  if (Object.keys(errors).length) throw validationFailed(errors);

  const locked = [...new Set([...input.orderIds, ...(input.lockAlso ?? [])])];
  const rows = await work.tx
    .select()
    .from(orders)
    .where(inArray(orders.id, locked))
    .orderBy(asc(orders.id))
    .for('update');
  const byId = new Map(rows.map((row) => [row.id, row]));
  const holders = await work.tx
    .select({ orderId: sendPaymentOrders.orderId, voucherId: sendPaymentOrders.sendPaymentId })
    .from(sendPaymentOrders)
    .where(inArray(sendPaymentOrders.orderId, input.orderIds));
  const paidElsewhere = new Set(
    holders.filter((holder) => holder.voucherId !== input.voucherId).map((holder) => holder.orderId),
  );
  input.orderIds.forEach((id, index) => {
    const order = byId.get(id);
    const field = `order_ids.${index}`;
    if (!order || order.deletedAt || order.brandId !== input.brandId || order.vendorId !== input.vendorId) {
      errors[field] = [`The selected ${field} is invalid.`];
    } else if (order.statusCode !== 'completed') {
      errors[field] = [`Pesanan ${order.number} berstatus ${BRAND_LABELS[order.statusCode]}, belum Selesai.`];
    } else if (paidElsewhere.has(id)) {
      errors[field] = [`Pesanan ${order.number} sudah dibayar dengan voucher lain.`];
    }
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return byId;
}

async function requireBank(work: Work, bankId: number) {
  if (!(await lockBankForUse(work.tx, bankId))) {
    throw validationFailed({ bank_id: ['The selected bank id is invalid.'] });
  }
}

function voucherValues(body: VoucherBody) {
  return {
    number: body.number,
    brandId: body.brand_id,
    vendorId: body.vendor_id,
    bankId: body.bank_id,
    date: body.date,
    dueDate: body.due_date ?? null,
    accountNumber: body.account_number,
    accountHolderName: body.account_holder_name,
    paymentMethodDescription: body.payment_method_description || null,
  };
}

/**
 * An order paid or released: its timeline says so, the status rollups' `paid` is recomputed for its slice, and
 * both sides' order lists hear of it (the vendor's label turns Terbayar, or back to Selesai).
 */
async function markOrders(work: Work, rows: OrderRow[], voucher: VoucherRow, paid: boolean) {
  for (const order of rows) {
    work.rollups.order(order);
    await addActivity(work, {
      orderId: order.id,
      message: paid
        ? `Dibayar dengan voucher ${voucher.number}`
        : `Dikeluarkan dari voucher ${voucher.number}, belum dibayar`,
      statusCode: null,
    });
    publishOrderEvents(work, order, { paid });
  }
}

/**
 * Tells the vendor's users (type payment). Vendors have no voucher screen, so the notification leads to their
 * own orders: those the voucher pays, with its total (`send-payment`), or, when the voucher no longer pays them
 * (deleted, or moved to another vendor), their completed orders, payable again.
 */
async function notifyVendor(
  work: Work,
  voucher: VoucherRow,
  vendorId: number,
  description: string,
  opens: 'voucher' | 'released' = 'voucher',
) {
  const route =
    opens === 'voucher'
      ? `/order?status=${PAID_LABEL}&send-payment=${voucher.id}`
      : `/order?status=${VENDOR_LABELS.completed}`;
  work.notify({
    userIds: await vendorAudience(work.tx, vendorId),
    type: 'payment',
    data: {
      web: { type: 'payment', route, brand: { id: voucher.brandId } },
      notification: {
        title: 'Pembayaran',
        description,
        timestamp: jakartaTimestamp(work.at),
        order_id: null,
        invoice_offer_log_id: null,
        update_stock_history_id: null,
      },
    },
  });
}

function auditView(voucher: VoucherRow, orderIds: number[]) {
  return { ...voucher, orderIds: [...orderIds].sort((a, b) => a - b) };
}

/** A voucher over completed orders of one vendor and one brand; saving marks them paid. */
export async function createVoucher(work: Work, input: { scope: VoucherScope; body: VoucherBody }) {
  const { tx } = work;
  const { body } = input;
  await requireBrandOfCaller(tx, input.scope, body.brand_id);
  await requireVendorOfBrand(tx, body.vendor_id, body.brand_id, 'vendor_id');
  await requireBank(work, body.bank_id);
  await refuseTakenNumber(tx, body.brand_id, body.number);
  const locked = await lockPayableOrders(work, {
    brandId: body.brand_id,
    vendorId: body.vendor_id,
    orderIds: body.order_ids,
  });
  // Two vouchers racing for one order, or for one number, meet the unique indexes (api/db/unique.ts).
  const [voucher] = await tx
    .insert(sendPayments)
    .values({
      ...voucherValues(body),
      createdBy: work.actorId,
      updatedBy: work.actorId,
      createdAt: work.at,
      updatedAt: work.at,
    })
    .returning();
  await tx
    .insert(sendPaymentOrders)
    .values(body.order_ids.map((orderId) => ({ sendPaymentId: voucher.id, orderId })));
  const paid = body.order_ids.map((id) => locked.get(id) as OrderRow);
  await markOrders(work, paid, voucher, true);
  work.rollups.voucher(voucher.id);
  await notifyVendor(
    work,
    voucher,
    voucher.vendorId,
    `Pembayaran ${voucher.number} untuk ${paid.length} pesanan Anda telah dibuat`,
  );
  work.audit({
    action: 'send-payment.store',
    entity: 'send_payment',
    entityId: voucher.id,
    after: auditView(voucher, body.order_ids),
  });
  return voucher;
}

async function lockVoucher(work: Work, scope: VoucherScope, id: number, brandId?: number) {
  await findVoucher(work.tx, scope, id, brandId);
  const [voucher] = await work.tx.select().from(sendPayments).where(eq(sendPayments.id, id)).for('update');
  const held = await work.tx
    .select({ orderId: sendPaymentOrders.orderId })
    .from(sendPaymentOrders)
    .where(eq(sendPaymentOrders.sendPaymentId, id));
  return { voucher, orderIds: held.map((row) => row.orderId) };
}

/**
 * Saves the form again: the fields, and the orders (those dropped are released, those added paid). The brand
 * stays the voucher's; the vendor may change, and then every order must be the new vendor's.
 */
export async function updateVoucher(
  work: Work,
  input: { scope: VoucherScope; id: number; brandId?: number; body: VoucherBody },
) {
  const { tx } = work;
  const { body } = input;
  const { voucher: before, orderIds: heldIds } = await lockVoucher(
    work,
    input.scope,
    input.id,
    input.brandId,
  );
  if (body.brand_id !== before.brandId) {
    throw validationFailed({ brand_id: ['The brand of a voucher cannot be changed.'] });
  }
  await requireVendorOfBrand(tx, body.vendor_id, body.brand_id, 'vendor_id');
  await requireBank(work, body.bank_id);
  await refuseTakenNumber(tx, body.brand_id, body.number, before.id);
  const locked = await lockPayableOrders(work, {
    brandId: body.brand_id,
    vendorId: body.vendor_id,
    orderIds: body.order_ids,
    lockAlso: heldIds,
    voucherId: before.id,
  });
  const wanted = new Set(body.order_ids);
  const released = heldIds.filter((id) => !wanted.has(id));
  const added = body.order_ids.filter((id) => !heldIds.includes(id));

  const [after] = await tx
    .update(sendPayments)
    .set({ ...voucherValues(body), updatedBy: work.actorId, updatedAt: work.at })
    .where(eq(sendPayments.id, before.id))
    .returning();
  if (released.length) {
    await tx
      .delete(sendPaymentOrders)
      .where(
        and(eq(sendPaymentOrders.sendPaymentId, before.id), inArray(sendPaymentOrders.orderId, released)),
      );
  }
  if (added.length) {
    await tx
      .insert(sendPaymentOrders)
      .values(added.map((orderId) => ({ sendPaymentId: before.id, orderId })));
  }
  const rowOf = (id: number) => locked.get(id) as OrderRow;
  await markOrders(work, released.map(rowOf), after, false);
  await markOrders(work, added.map(rowOf), after, true);
  if (released.length || added.length) work.rollups.voucher(after.id);
  if (before.vendorId !== after.vendorId) {
    await notifyVendor(
      work,
      after,
      before.vendorId,
      `Pembayaran ${before.number} untuk pesanan Anda dibatalkan`,
      'released',
    );
    await notifyVendor(
      work,
      after,
      after.vendorId,
      `Pembayaran ${after.number} untuk ${body.order_ids.length} pesanan Anda telah dibuat`,
    );
  } else {
    await notifyVendor(
      work,
      after,
      after.vendorId,
      `Pembayaran ${after.number} untuk pesanan Anda diperbarui`,
    );
  }
  work.audit({
    action: 'send-payment.update',
    entity: 'send_payment',
    entityId: after.id,
    before: auditView(before, heldIds),
    after: auditView(after, body.order_ids),
  });
  return after;
}

/** Deleting a voucher releases its orders: payable again, Selesai again for the vendor. */
export async function deleteVoucher(
  work: Work,
  input: { scope: VoucherScope; id: number; brandId?: number },
) {
  const { tx } = work;
  const { voucher, orderIds } = await lockVoucher(work, input.scope, input.id, input.brandId);
  const released = orderIds.length
    ? await tx.select().from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.id)).for('update')
    : [];
  await tx.delete(sendPayments).where(eq(sendPayments.id, voucher.id));
  await markOrders(work, released, voucher, false);
  work.rollups.voucher(voucher.id);
  await notifyVendor(
    work,
    voucher,
    voucher.vendorId,
    `Pembayaran ${voucher.number} untuk pesanan Anda dibatalkan`,
    'released',
  );
  work.audit({
    action: 'send-payment.destroy',
    entity: 'send_payment',
    entityId: voucher.id,
    before: auditView(voucher, orderIds),
  });
}
