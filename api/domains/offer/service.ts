import { and, asc, count, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import {
  invoiceOfferProducts,
  invoiceOffers,
  invoiceProducts,
  invoices,
  orders,
  products,
  vendors,
  type InvoiceOfferStatus,
} from '../../db/schema';
import { conflict, notFound } from '../../api-error';
import { offsetOf, pageMeta, pageQuerySchema } from '../../http/pagination';
import { runWrite, type Work, type WriteDeps } from '../../work/unit-of-work';
import { brandAudience } from '../notification/audience';
import {
  createOrder,
  followOrderOnInvoice,
  liveOrderOfInvoice,
  notifyAboutOrder,
  publishOrderEvents,
} from '../order/service';
import { offerToNextVendor } from './router';

export { offerToNextVendor, rankVendors } from './router';

/** A vendor and the brands visible through it to the caller. */
export type VendorScope = { vendorId: number; brandIds: number[] };

export const offerListQuerySchema = pageQuerySchema.extend({
  status: z.enum(['pending', 'accepted', 'rejected', 'expired', 'canceled', 'all']).default('pending'),
});

export type OfferListQuery = z.infer<typeof offerListQuerySchema>;

const OFFER_GONE = 'Penawaran ini sudah tidak berlaku.';

const grandTotal = sql<string>`(select coalesce(sum(${invoiceOfferProducts.quantity} * ${invoiceOfferProducts.price}), 0)
  from ${invoiceOfferProducts} where ${invoiceOfferProducts.offerId} = ${invoiceOffers.id})`;

function scopeConditions(scope: VendorScope): SQL[] {
  return [
    eq(invoiceOffers.vendorId, scope.vendorId),
    inArray(invoices.brandId, scope.brandIds.length ? scope.brandIds : [0]),
  ];
}

function serializeOffer(offer: typeof invoiceOffers.$inferSelect, now: Date) {
  return {
    id: offer.id,
    invoice_id: offer.invoiceId,
    vendor_id: offer.vendorId,
    status: offer.status,
    is_expired: offer.status === 'expired' || (offer.status === 'pending' && offer.expiresAt <= now),
    expires_at: offer.expiresAt.toISOString(),
    responded_at: offer.respondedAt?.toISOString() ?? null,
    created_at: offer.createdAt.toISOString(),
    updated_at: offer.updatedAt.toISOString(),
  };
}

function serializeOfferInvoice(invoice: typeof invoices.$inferSelect) {
  return {
    id: invoice.id,
    external_number: invoice.externalNumber,
    date: invoice.date.toISOString(),
    channel_id: invoice.channelId,
    recipient_name: invoice.recipientName,
    recipient_mobile_phone: invoice.recipientMobilePhone,
    recipient_address_full: invoice.recipientAddressFull,
    recipient_city: invoice.recipientCity,
    delivery_type: invoice.deliveryType,
  };
}

/** The vendor's offers, newest first; by default those still open (pending and not expired). */
export async function listOffers(db: Executor, scope: VendorScope, query: OfferListQuery, now: Date) {
  const conditions = scopeConditions(scope);
  if (query.status === 'pending') {
    conditions.push(eq(invoiceOffers.status, 'pending'), gt(invoiceOffers.expiresAt, now));
  } else if (query.status !== 'all') {
    conditions.push(eq(invoiceOffers.status, query.status as InvoiceOfferStatus));
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ offer: invoiceOffers, invoice: invoices, grandTotal })
      .from(invoiceOffers)
      .innerJoin(invoices, eq(invoices.id, invoiceOffers.invoiceId))
      .where(where)
      .orderBy(desc(invoiceOffers.createdAt), desc(invoiceOffers.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(invoiceOffers)
      .innerJoin(invoices, eq(invoices.id, invoiceOffers.invoiceId))
      .where(where),
  ]);
  return {
    data: rows.map((row) => ({
      ...serializeOffer(row.offer, now),
      invoice: serializeOfferInvoice(row.invoice),
      grand_total: Number(row.grandTotal),
    })),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

/** One offer with its invoice and lines (the Pesanan Masuk dialog); another vendor's offer is a 404. */
export async function showOffer(db: Executor, scope: VendorScope, offerId: number, now: Date) {
  const [row] = await db
    .select({ offer: invoiceOffers, invoice: invoices, vendor: { id: vendors.id, name: vendors.name } })
    .from(invoiceOffers)
    .innerJoin(invoices, eq(invoices.id, invoiceOffers.invoiceId))
    .innerJoin(vendors, eq(vendors.id, invoiceOffers.vendorId))
    .where(and(eq(invoiceOffers.id, offerId), ...scopeConditions(scope)));
  if (!row) throw notFound();
  const lines = await db
    .select({ line: invoiceOfferProducts, invoiceProduct: invoiceProducts, product: products })
    .from(invoiceOfferProducts)
    .innerJoin(invoiceProducts, eq(invoiceProducts.id, invoiceOfferProducts.invoiceProductId))
    .leftJoin(products, eq(products.id, invoiceProducts.productId))
    .where(eq(invoiceOfferProducts.offerId, offerId))
    .orderBy(asc(invoiceOfferProducts.id));
  return {
    ...serializeOffer(row.offer, now),
    vendor: row.vendor,
    invoice: serializeOfferInvoice(row.invoice),
    invoice_offer_products: lines.map(({ line, invoiceProduct, product }) => ({
      id: line.id,
      quantity: line.quantity,
      price: line.price,
      total_price: line.quantity * line.price,
      invoice_product: {
        id: invoiceProduct.id,
        name: invoiceProduct.name,
        sku: invoiceProduct.sku,
        product: product
          ? { id: product.id, name: product.name, sku: product.sku }
          : { id: null, name: invoiceProduct.name, sku: invoiceProduct.sku },
      },
    })),
    grand_total: lines.reduce((sum, { line }) => sum + line.quantity * line.price, 0),
  };
}

/** Locks the offer row; another vendor's (or an invisible brand's) offer is a 404. */
async function lockOffer(executor: Executor, scope: VendorScope, offerId: number) {
  const [offer] = await executor
    .select()
    .from(invoiceOffers)
    .where(and(eq(invoiceOffers.id, offerId), eq(invoiceOffers.vendorId, scope.vendorId)))
    .for('update');
  if (!offer) throw notFound();
  const [invoice] = await executor
    .select()
    .from(invoices)
    .where(eq(invoices.id, offer.invoiceId))
    .for('update');
  if (!invoice || !scope.brandIds.includes(invoice.brandId)) throw notFound();
  return { offer, invoice };
}

/**
 * Accept, with the offer and the invoice locked: the offer must be pending and unexpired and the
 * invoice without a live order; then the order, its lines, the stock reservation, its activity, rollups, audit,
 * the brand's notification and the events. Whoever comes second gets a 409.
 */
export async function acceptOffer(work: Work, input: { scope: VendorScope; offerId: number }) {
  const { tx, at } = work;
  const { offer, invoice } = await lockOffer(tx, input.scope, input.offerId);
  if (offer.status !== 'pending' || offer.expiresAt <= at) throw conflict(OFFER_GONE);
  const [live] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(liveOrderOfInvoice(invoice.id))
    .limit(1);
  if (live || invoice.statusCode === 'canceled') throw conflict('Invoice ini sudah tidak dapat diterima.');
  const lines = await tx
    .select({ line: invoiceOfferProducts, invoiceProduct: invoiceProducts })
    .from(invoiceOfferProducts)
    .innerJoin(invoiceProducts, eq(invoiceProducts.id, invoiceOfferProducts.invoiceProductId))
    .where(eq(invoiceOfferProducts.offerId, offer.id))
    .orderBy(asc(invoiceOfferProducts.id));
  const [accepted] = await tx
    .update(invoiceOffers)
    .set({ status: 'accepted', respondedAt: at, respondedBy: work.actorId, updatedAt: at })
    .where(eq(invoiceOffers.id, offer.id))
    .returning();
  const order = await createOrder(work, {
    invoice,
    vendorId: offer.vendorId,
    lines: lines.map(({ line, invoiceProduct }) => ({
      invoiceProductId: invoiceProduct.id,
      productId: invoiceProduct.productId,
      quantity: line.quantity,
      price: line.price,
      // invoice_products.weight is for the whole line; scale it if the offer carries another quantity.
      totalWeight: Math.round((invoiceProduct.weight * line.quantity) / Math.max(1, invoiceProduct.quantity)),
    })),
  });
  await followOrderOnInvoice(work, invoice, order.statusCode);
  work.audit({
    action: 'invoice-offer.accept',
    entity: 'invoice_offer',
    entityId: offer.id,
    before: offer,
    after: accepted,
  });
  work.audit({ action: 'order.store', entity: 'order', entityId: order.id, after: order });
  const [vendor] = await tx
    .select({ name: vendors.name })
    .from(vendors)
    .where(eq(vendors.id, offer.vendorId));
  notifyAboutOrder(work, await brandAudience(tx, order.brandId), {
    type: 'order-status',
    route: `/order/${order.id}`,
    brandId: order.brandId,
    title: 'Status Pesanan',
    description: `Invoice ${invoice.externalNumber} diterima ${vendor.name} sebagai pesanan ${order.number}`,
    orderId: order.id,
  });
  publishOrderEvents(work, order);
  return order;
}

/** Reject: the offer closes and the router offers the invoice to the next vendor, if any is left. */
export async function rejectOffer(
  work: Work,
  input: { scope: VendorScope; offerId: number; ttlMinutes: number },
) {
  const { tx, at } = work;
  const { offer } = await lockOffer(tx, input.scope, input.offerId);
  if (offer.status !== 'pending' || offer.expiresAt <= at) throw conflict(OFFER_GONE);
  const [rejected] = await tx
    .update(invoiceOffers)
    .set({ status: 'rejected', respondedAt: at, respondedBy: work.actorId, updatedAt: at })
    .where(eq(invoiceOffers.id, offer.id))
    .returning();
  work.audit({
    action: 'invoice-offer.reject',
    entity: 'invoice_offer',
    entityId: offer.id,
    before: offer,
    after: rejected,
  });
  const next = await offerToNextVendor(work, { invoiceId: offer.invoiceId, ttlMinutes: input.ttlMinutes });
  return { rejected, next };
}

/**
 * Expires pending offers whose time is up and routes each invoice on, one unit of work per offer; offers
 * another sweep or a vendor's answer holds are skipped and found next time. Returns how many expired.
 */
export async function expireOffers(deps: WriteDeps, now: Date, ttlMinutes: number) {
  const due = await deps.db
    .select({ id: invoiceOffers.id })
    .from(invoiceOffers)
    .where(and(eq(invoiceOffers.status, 'pending'), lte(invoiceOffers.expiresAt, now)))
    .orderBy(asc(invoiceOffers.expiresAt), asc(invoiceOffers.id))
    .limit(500);
  let expired = 0;
  for (const { id } of due) {
    const done = await runWrite(deps, { actorId: null, at: now }, async (work) => {
      const [offer] = await work.tx
        .select()
        .from(invoiceOffers)
        .where(
          and(
            eq(invoiceOffers.id, id),
            eq(invoiceOffers.status, 'pending'),
            lte(invoiceOffers.expiresAt, now),
          ),
        )
        .for('update', { skipLocked: true });
      if (!offer) {
        work.unchanged();
        return false;
      }
      const [after] = await work.tx
        .update(invoiceOffers)
        .set({ status: 'expired', updatedAt: now })
        .where(eq(invoiceOffers.id, id))
        .returning();
      work.audit({
        action: 'invoice-offer.expire',
        entity: 'invoice_offer',
        entityId: id,
        before: offer,
        after,
      });
      await offerToNextVendor(work, { invoiceId: offer.invoiceId, ttlMinutes });
      return true;
    });
    if (done) expired++;
  }
  return expired;
}
