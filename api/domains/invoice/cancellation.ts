import { and, asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { invoiceOffers, invoices, orders, vendors } from '../../db/schema';
import { recordAudit } from '../../audit/audit';
import type { AuthUser } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { liveOrderOfInvoice } from '../order/live';
import {
  addActivity,
  BRAND_LABELS,
  notify,
  notifyBrandOfStatus,
  OPEN_STATUSES,
  moveStock,
  orderStockLines,
  queueInvoiceEvent,
  queueOrderEvents,
  vendorAudience,
} from '../order/service';
import { createRollupTracker } from '../rollup/service';
import type { CancelInvoiceBody } from './schema';

/** The live order of an invoice changed between reading it and locking it (diverted, accepted): read again. */
class LiveOrderMoved extends Error {}

async function liveOrderOf(executor: Executor, invoiceId: number) {
  const [live] = await executor.select().from(orders).where(liveOrderOfInvoice(invoiceId)).limit(1);
  return live;
}

/**
 * The marketplace canceled the invoice (DESIGN §5, Dibatalkan): the invoice and its live order are canceled
 * together, the order's stock reservation is released and its pending offer withdrawn, in one transaction.
 * An order the vendor has shipped cannot be canceled this way (a return covers it): 409. Idempotent: an invoice
 * already canceled changes nothing.
 *
 * Rows are locked live order first, then the pending offers, then the invoice, as the writers it may race
 * (a vendor's step, a change of vendor, an accept or reject, the expiry sweep) each take the ones they share,
 * so it waits for them instead of deadlocking.
 */
export async function cancelInvoice(
  db: Database,
  input: {
    brandId: number;
    channelId: number;
    user: AuthUser;
    body: CancelInvoiceBody;
    at: Date;
    ip?: string;
  },
): Promise<{ changed: boolean; invoiceId: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await cancelOnce(db, input);
    } catch (error) {
      if (!(error instanceof LiveOrderMoved)) throw error;
      if (attempt === 3) throw conflict('Pesanan invoice ini sedang diubah; coba lagi.');
    }
  }
}

async function cancelOnce(db: Database, input: Parameters<typeof cancelInvoice>[1]) {
  const { at, user } = input;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.brandId, input.brandId),
          eq(invoices.channelId, input.channelId),
          eq(invoices.externalNumber, input.body.external_number),
        ),
      );
    if (!found) throw notFound();
    const seen = await liveOrderOf(tx, found.id);
    if (seen) await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, seen.id)).for('update');
    await tx
      .select({ id: invoiceOffers.id })
      .from(invoiceOffers)
      .where(and(eq(invoiceOffers.invoiceId, found.id), eq(invoiceOffers.status, 'pending')))
      .orderBy(asc(invoiceOffers.id))
      .for('update');
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, found.id)).for('update');
    if (invoice.statusCode === 'canceled') return { changed: false, invoiceId: invoice.id };
    const live = await liveOrderOf(tx, invoice.id);
    if (live?.id !== seen?.id) throw new LiveOrderMoved();
    if (live && !OPEN_STATUSES.includes(live.statusCode)) {
      throw conflict(
        `Pesanan ${live.number} sudah ${BRAND_LABELS[live.statusCode]}; pembatalan dari marketplace tidak dapat diproses.`,
      );
    }

    const rollups = createRollupTracker();
    const reason = input.body.reason ? `: ${input.body.reason}` : '';
    if (live) {
      const [canceled] = await tx
        .update(orders)
        .set({ statusCode: 'canceled', canceledAt: at, updatedAt: at })
        .where(eq(orders.id, live.id))
        .returning();
      rollups.orderChanged(live, canceled);
      await moveStock(tx, {
        vendorId: live.vendorId,
        orderId: live.id,
        lines: await orderStockLines(tx, [live.id]),
        kind: 'release',
        note: `Pembatalan ${live.number}`,
        userId: user.id,
        at,
      });
      await addActivity(tx, {
        orderId: live.id,
        message: `Pesanan dibatalkan di marketplace${reason}`,
        statusCode: 'canceled',
        userId: user.id,
        at,
      });
      await recordAudit(tx, {
        actorId: user.id,
        action: 'order.cancel',
        entity: 'order',
        entityId: live.id,
        before: live,
        after: canceled,
        ip: input.ip ?? null,
      });
      await notify(tx, await vendorAudience(tx, live.vendorId), {
        type: 'order-status',
        route: `/order/${live.id}`,
        brandId: live.brandId,
        title: 'Pesanan Dibatalkan',
        description: `Pesanan ${live.number} dibatalkan di marketplace${reason}`,
        at,
        orderId: live.id,
      });
      const [vendor] = await tx
        .select({ name: vendors.name })
        .from(vendors)
        .where(eq(vendors.id, live.vendorId));
      await notifyBrandOfStatus(tx, canceled, vendor.name, at);
      await queueOrderEvents(tx, canceled);
    }
    // Read under the invoice's lock: a reject or an expiry that was routing the invoice on when this began has
    // committed its next offer by now, and no new one can come.
    const withdrawn = await tx
      .update(invoiceOffers)
      .set({ status: 'canceled', updatedAt: at })
      .where(and(eq(invoiceOffers.invoiceId, invoice.id), eq(invoiceOffers.status, 'pending')))
      .returning();
    for (const offer of withdrawn) {
      await recordAudit(tx, {
        actorId: user.id,
        action: 'invoice-offer.cancel',
        entity: 'invoice_offer',
        entityId: offer.id,
        before: { ...offer, status: 'pending' },
        after: offer,
        ip: input.ip ?? null,
      });
      await notify(tx, await vendorAudience(tx, offer.vendorId), {
        type: 'invoice-offer-canceled',
        route: `/offer/${offer.id}`,
        brandId: invoice.brandId,
        title: 'Pesanan Masuk Dibatalkan',
        description: `Invoice ${invoice.externalNumber} dibatalkan di marketplace${reason}`,
        at,
        offerId: offer.id,
      });
    }
    const [after] = await tx
      .update(invoices)
      .set({ statusCode: 'canceled', canceledAt: at, updatedAt: at })
      .where(eq(invoices.id, invoice.id))
      .returning();
    rollups.invoiceChanged(invoice, after);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'invoice.cancel',
      entity: 'invoice',
      entityId: invoice.id,
      before: invoice,
      after,
      ip: input.ip ?? null,
    });
    await queueInvoiceEvent(tx, invoice.brandId, invoice.id, 'canceled');
    await rollups.flush(tx);
    return { changed: true, invoiceId: invoice.id };
  });
}
