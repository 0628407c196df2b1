import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoiceOffers, invoices, orders, vendors } from '../../db/schema';
import { conflict, notFound } from '../../api-error';
import { runWrite, type Work, type WriteContext, type WriteDeps } from '../../work/unit-of-work';
import { vendorAudience } from '../notification/audience';
import {
  addActivity,
  BRAND_LABELS,
  liveOrderOfInvoice,
  notifyAboutOrder,
  notifyBrandOfStatus,
  OPEN_STATUSES,
  orderStockLines,
  publishInvoiceEvent,
  publishOrderEvents,
} from '../order/service';
import { moveOrderStock } from '../stock/ledger';
import type { CancelInvoiceBody } from './schema';

/** The live order of an invoice changed between reading it and locking it (diverted, accepted): read again. */
class LiveOrderMoved extends Error {}

async function liveOrderOf(executor: Executor, invoiceId: number) {
  const [live] = await executor.select().from(orders).where(liveOrderOfInvoice(invoiceId)).limit(1);
  return live;
}

/**
 * The marketplace canceled the invoice (Dibatalkan, docs/decisions/007): the invoice and its live order are
 * canceled together, the order's stock reservation is released and its pending offer withdrawn, in one transaction.
 * An order the vendor has shipped cannot be canceled this way (a return covers it): 409. Idempotent: an invoice
 * already canceled changes nothing.
 *
 * Rows are locked live order first, then the pending offers, then the invoice, as the writers it may race
 * (a vendor's step, a change of vendor, an accept or reject, the expiry sweep) each take the ones they share,
 * so it waits for them instead of deadlocking.
 */
type CancelInput = { brandId: number; channelId: number; body: CancelInvoiceBody };

export async function cancelInvoice(
  deps: WriteDeps,
  context: WriteContext,
  input: CancelInput,
): Promise<{ changed: boolean; invoiceId: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runWrite(deps, context, (work) => cancelOnce(work, input));
    } catch (error) {
      if (!(error instanceof LiveOrderMoved)) throw error;
      if (attempt === 3) throw conflict('Pesanan invoice ini sedang diubah; coba lagi.');
    }
  }
}

async function cancelOnce(work: Work, input: CancelInput) {
  const { tx, at } = work;
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
  if (invoice.statusCode === 'canceled') {
    work.unchanged();
    return { changed: false, invoiceId: invoice.id };
  }
  const live = await liveOrderOf(tx, invoice.id);
  if (live?.id !== seen?.id) throw new LiveOrderMoved();
  if (live && !OPEN_STATUSES.includes(live.statusCode)) {
    throw conflict(
      `Pesanan ${live.number} sudah ${BRAND_LABELS[live.statusCode]}; pembatalan dari marketplace tidak dapat diproses.`,
    );
  }

  const reason = input.body.reason ? `: ${input.body.reason}` : '';
  if (live) {
    const [canceled] = await tx
      .update(orders)
      .set({ statusCode: 'canceled', canceledAt: at, updatedAt: at })
      .where(eq(orders.id, live.id))
      .returning();
    work.rollups.orderChanged(live, canceled);
    await moveOrderStock(work, {
      vendorId: live.vendorId,
      orderId: live.id,
      lines: await orderStockLines(tx, [live.id]),
      kind: 'release',
      note: `Pembatalan ${live.number}`,
    });
    await addActivity(work, {
      orderId: live.id,
      message: `Pesanan dibatalkan di marketplace${reason}`,
      statusCode: 'canceled',
    });
    work.audit({ action: 'order.cancel', entity: 'order', entityId: live.id, before: live, after: canceled });
    notifyAboutOrder(work, await vendorAudience(tx, live.vendorId), {
      type: 'order-status',
      route: `/order/${live.id}`,
      brandId: live.brandId,
      title: 'Pesanan Dibatalkan',
      description: `Pesanan ${live.number} dibatalkan di marketplace${reason}`,
      orderId: live.id,
    });
    const [vendor] = await tx
      .select({ name: vendors.name })
      .from(vendors)
      .where(eq(vendors.id, live.vendorId));
    await notifyBrandOfStatus(work, canceled, vendor.name);
    publishOrderEvents(work, canceled);
  }
  // Read under the invoice's lock: a reject or an expiry that was routing the invoice on when this began has
  // committed its next offer by now, and no new one can come.
  const withdrawn = await tx
    .update(invoiceOffers)
    .set({ status: 'canceled', updatedAt: at })
    .where(and(eq(invoiceOffers.invoiceId, invoice.id), eq(invoiceOffers.status, 'pending')))
    .returning();
  for (const offer of withdrawn) {
    work.audit({
      action: 'invoice-offer.cancel',
      entity: 'invoice_offer',
      entityId: offer.id,
      before: { ...offer, status: 'pending' },
      after: offer,
    });
    notifyAboutOrder(work, await vendorAudience(tx, offer.vendorId), {
      type: 'invoice-offer-canceled',
      route: `/offer/${offer.id}`,
      brandId: invoice.brandId,
      title: 'Pesanan Masuk Dibatalkan',
      description: `Invoice ${invoice.externalNumber} dibatalkan di marketplace${reason}`,
      offerId: offer.id,
    });
  }
  const [after] = await tx
    .update(invoices)
    .set({ statusCode: 'canceled', canceledAt: at, updatedAt: at })
    .where(eq(invoices.id, invoice.id))
    .returning();
  work.rollups.invoiceChanged(invoice, after);
  work.audit({ action: 'invoice.cancel', entity: 'invoice', entityId: invoice.id, before: invoice, after });
  publishInvoiceEvent(work, invoice.brandId, invoice.id, 'canceled');
  return { changed: true, invoiceId: invoice.id };
}
