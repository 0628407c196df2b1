import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  invoiceOfferProducts,
  invoiceOffers,
  invoiceProducts,
  invoices,
  orders,
  vendorAreas,
  vendorBrands,
  vendorStocks,
  vendors,
} from '../../db/schema';
import type { Work } from '../../work/unit-of-work';
import { vendorAudience } from '../notification/audience';
import { liveOrderOfInvoice, notifyAboutOrder } from '../order/service';

/**
 * The vendors still to be offered an invoice, best first: priority vendors, then those whose areas cover the
 * recipient's city, then those with the stock for every line; ties by id, so routing is deterministic.
 */
export async function rankVendors(executor: Executor, invoice: typeof invoices.$inferSelect) {
  const offered = await executor
    .select({ vendorId: invoiceOffers.vendorId })
    .from(invoiceOffers)
    .where(eq(invoiceOffers.invoiceId, invoice.id));
  const offeredIds = offered.map((row) => row.vendorId);
  const candidates = await executor
    .select({ id: vendors.id, isPriority: vendors.isPriority })
    .from(vendors)
    .innerJoin(vendorBrands, eq(vendorBrands.vendorId, vendors.id))
    .where(
      and(
        eq(vendorBrands.brandId, invoice.brandId),
        isNull(vendors.deletedAt),
        offeredIds.length ? notInArray(vendors.id, offeredIds) : undefined,
      ),
    )
    .orderBy(asc(vendors.id));
  if (candidates.length === 0) return [];
  const ids = candidates.map((row) => row.id);
  const city = invoice.recipientCity?.trim().toLowerCase() ?? '';
  const covering = city
    ? await executor
        .selectDistinct({ vendorId: vendorAreas.vendorId })
        .from(vendorAreas)
        .where(and(inArray(vendorAreas.vendorId, ids), sql`lower(trim(${vendorAreas.city})) = ${city}`))
    : [];
  const coveringIds = new Set(covering.map((row) => row.vendorId));
  const lines = await executor
    .select({ productId: invoiceProducts.productId, quantity: invoiceProducts.quantity })
    .from(invoiceProducts)
    .where(eq(invoiceProducts.invoiceId, invoice.id));
  const needed = new Map<number, number>();
  for (const line of lines) {
    if (line.productId !== null)
      needed.set(line.productId, (needed.get(line.productId) ?? 0) + line.quantity);
  }
  const stocks = needed.size
    ? await executor
        .select({
          vendorId: vendorStocks.vendorId,
          productId: vendorStocks.productId,
          available: sql<number>`${vendorStocks.quantity} - ${vendorStocks.reserved}`,
        })
        .from(vendorStocks)
        .where(and(inArray(vendorStocks.vendorId, ids), inArray(vendorStocks.productId, [...needed.keys()])))
    : [];
  const stocked = new Set(
    ids.filter((vendorId) =>
      [...needed.entries()].every(([productId, quantity]) =>
        stocks.some(
          (row) =>
            row.vendorId === vendorId && row.productId === productId && Number(row.available) >= quantity,
        ),
      ),
    ),
  );
  const score = (id: number, isPriority: boolean) =>
    (isPriority ? 4 : 0) + (coveringIds.has(id) ? 2 : 0) + (stocked.has(id) ? 1 : 0);
  return candidates
    .map((row) => ({ id: row.id, score: score(row.id, row.isPriority) }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .map((row) => row.id);
}

/**
 * Offers the invoice to the next vendor, if it is still waiting: not canceled, no live order and no pending
 * offer. With no vendor left it stays as it is, offers and all, without an order. The invoice row is locked,
 * so two routings of one invoice take turns.
 */
export async function offerToNextVendor(work: Work, input: { invoiceId: number; ttlMinutes: number }) {
  const { tx: executor, at } = work;
  const [invoice] = await executor
    .select()
    .from(invoices)
    .where(eq(invoices.id, input.invoiceId))
    .for('update');
  if (!invoice || invoice.statusCode === 'canceled') return null;
  const [busy] = await executor
    .select({ id: invoiceOffers.id })
    .from(invoiceOffers)
    .where(and(eq(invoiceOffers.invoiceId, invoice.id), eq(invoiceOffers.status, 'pending')))
    .limit(1);
  const [live] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(liveOrderOfInvoice(invoice.id))
    .limit(1);
  if (busy || live) return null;
  const [vendorId] = await rankVendors(executor, invoice);
  if (vendorId === undefined) return null;
  const [offer] = await executor
    .insert(invoiceOffers)
    .values({
      invoiceId: invoice.id,
      vendorId,
      status: 'pending',
      expiresAt: new Date(at.getTime() + input.ttlMinutes * 60_000),
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const lines = await executor
    .select()
    .from(invoiceProducts)
    .where(eq(invoiceProducts.invoiceId, invoice.id))
    .orderBy(asc(invoiceProducts.id));
  if (lines.length) {
    await executor.insert(invoiceOfferProducts).values(
      lines.map((line) => ({
        offerId: offer.id,
        invoiceProductId: line.id,
        quantity: line.quantity,
        price: line.price,
      })),
    );
  }
  // The router offers on the system's behalf, whoever's answer or upload set it going.
  work.audit({
    actorId: null,
    action: 'invoice-offer.store',
    entity: 'invoice_offer',
    entityId: offer.id,
    after: offer,
  });
  notifyAboutOrder(work, await vendorAudience(executor, vendorId), {
    type: 'invoice-offer',
    route: '/dashboard/penjualan',
    brandId: invoice.brandId,
    title: 'Pesanan Masuk',
    description: `Invoice ${invoice.externalNumber} menunggu konfirmasi Anda`,
    offerId: offer.id,
  });
  return offer;
}
