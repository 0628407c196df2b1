import { and, arrayOverlaps, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { channelRequestLogs, marketplaceListings } from '../../db/schema';
import { notFound } from '../../api-error';
import type { Work } from '../../work/unit-of-work';
import type { ChannelAdapter, ChannelIds, ChannelProduct, ChannelRef, PushOutcome } from './channel-adapter';
import { listingColumns, outgoing, productOfBody, rawOf, type ListingRaw } from './payload';
import { auditRefusedPush, recordPush } from './request-log';
import type { ChannelProductBody } from './schema';
import type { RowResult } from './serializers';
import { inShop, lockShop, shopCatalog, type Shop } from './shop';
import { syncSkuLinks } from './sku-links';

type ListingRow = typeof marketplaceListings.$inferSelect;

/** The shop and the adapter its pushes go through. */
export type Channel = { shop: Shop; adapter: ChannelAdapter };

const ENTITY = 'marketplace_listing';

/** A listing of the shop, locked for the change; another shop's (or a deleted one) is a 404. */
async function lockListing(tx: Executor, shop: Shop, id: number) {
  const [row] = await tx
    .select()
    .from(marketplaceListings)
    .where(and(eq(marketplaceListings.id, id), inShop(shop)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** The shop's listings of these marketplace product ids, locked; ids the shop does not hold are missing. */
export async function lockListingsByProductIds(tx: Executor, shop: Shop, productIds: string[]) {
  return tx
    .select()
    .from(marketplaceListings)
    .where(and(inShop(shop), inArray(marketplaceListings.externalId, productIds)))
    .for('update');
}

/** The shop's listings holding any of these SKUs, locked, in id order. */
export async function lockListingsHoldingSkus(tx: Executor, shop: Shop, skus: string[]) {
  if (skus.length === 0) return [];
  return tx
    .select()
    .from(marketplaceListings)
    .where(and(inShop(shop), arrayOverlaps(marketplaceListings.skus, skus)))
    .orderBy(asc(marketplaceListings.id))
    .for('update');
}

function idsOf(row: ListingRow, raw: ListingRaw): ChannelIds | null {
  return row.externalId ? { product_id: row.externalId, children: raw.children } : null;
}

function refOf(row: ListingRow): ChannelRef {
  return { product_id: row.externalId ?? '', name: row.name, sku: row.sku, skus: row.skus };
}

function refused(
  work: Work,
  channel: Channel,
  listingId: number | null,
  pushed: { outcome: PushOutcome; log: { id: number } },
) {
  auditRefusedPush(work, { shop: channel.shop, listingId, outcome: pushed.outcome, logId: pushed.log.id });
}

/**
 * A new listing: pushed to the channel first, kept only when the channel takes it. It starts EMPTY with
 * stock −1 (docs/decisions/016). The push is logged either way; a refused push leaves no listing, only its log.
 */
export async function createListing(
  work: Work,
  input: Channel & { body: ChannelProductBody; form?: Record<string, unknown> },
): Promise<RowResult> {
  const { shop, adapter } = input;
  await lockShop(work.tx, shop);
  const product = productOfBody(input.body, { creating: true });
  const pushed = await recordPush(work, {
    shop,
    listingIds: [null],
    push: () => adapter.create({ shop, catalog: shopCatalog(work.tx, shop), product: outgoing(product) }),
  });
  const { outcome } = pushed;
  if (!outcome.ok || !outcome.ids) {
    refused(work, input, null, pushed);
    return { ok: false, product, outcome };
  }
  const raw: ListingRaw = { product, children: outcome.ids.children, form: input.form ?? {} };
  const [listing] = await work.tx
    .insert(marketplaceListings)
    .values({
      brandId: shop.brandId,
      channelId: shop.channelId,
      ...listingColumns(product),
      externalId: outcome.ids.product_id,
      rawData: raw,
      createdAt: work.at,
      updatedAt: work.at,
    })
    .returning();
  await work.tx
    .update(channelRequestLogs)
    .set({ listingId: listing.id })
    .where(eq(channelRequestLogs.id, pushed.log.id));
  await syncSkuLinks(work.tx, { shop, before: null, after: { product, ids: outcome.ids }, at: work.at });
  work.audit({ action: 'marketplace-listing.store', entity: ENTITY, entityId: listing.id, after: listing });
  return { ok: true, product, listing, outcome };
}

/** Pushes a listing's new product to the channel and keeps it when the channel takes it. */
export async function pushUpdate(
  work: Work,
  input: Channel & { before: ListingRow; product: ChannelProduct; form?: Record<string, unknown> },
): Promise<RowResult> {
  const { shop, adapter, before, product } = input;
  const raw = rawOf(before);
  const ids = idsOf(before, raw);
  const catalog = shopCatalog(work.tx, shop);
  const sent = outgoing(product);
  const pushed = await recordPush(work, {
    shop,
    listingIds: [before.id],
    push: () =>
      ids
        ? adapter.update({ shop, catalog, ids, product: sent })
        : adapter.create({ shop, catalog, product: sent }),
  });
  const { outcome } = pushed;
  if (!outcome.ok || !outcome.ids) {
    refused(work, input, before.id, pushed);
    return { ok: false, product, outcome };
  }
  const [listing] = await work.tx
    .update(marketplaceListings)
    .set({
      ...listingColumns(product),
      externalId: outcome.ids.product_id,
      rawData: { product, children: outcome.ids.children, form: input.form ?? raw.form },
      updatedAt: work.at,
    })
    .where(eq(marketplaceListings.id, before.id))
    .returning();
  await syncSkuLinks(work.tx, { shop, before: ids, after: { product, ids: outcome.ids }, at: work.at });
  work.audit({
    action: 'marketplace-listing.update',
    entity: ENTITY,
    entityId: before.id,
    before,
    after: listing,
  });
  return { ok: true, product, listing, outcome };
}

/** An edit from a client's body; a listing that has sold keeps its name. */
export function updateListingOfProduct(
  work: Work,
  input: Channel & { before: ListingRow; body: ChannelProductBody; form?: Record<string, unknown> },
) {
  const { before, body } = input;
  const keptName = before.salesCount > 0 || body.name === undefined ? before.name : undefined;
  const product = productOfBody(body, { creating: false, previous: rawOf(before).product, keptName });
  return pushUpdate(work, { ...input, product });
}

export async function updateListing(
  work: Work,
  input: Channel & { id: number; body: ChannelProductBody; form?: Record<string, unknown> },
) {
  await lockShop(work.tx, input.shop);
  const before = await lockListing(work.tx, input.shop, input.id);
  return updateListingOfProduct(work, { ...input, before });
}

export type BatchResult = { ok: true; listings: ListingRow[] } | { ok: false; outcome: PushOutcome };

/** Deletes listings at the channel, then here (kept as deleted, with their log). */
export async function deleteListings(
  work: Work,
  input: Channel & { rows: ListingRow[] },
): Promise<BatchResult> {
  const { shop, adapter, rows } = input;
  const pushable = rows.filter((row) => row.externalId);
  if (pushable.length) {
    const pushed = await recordPush(work, {
      shop,
      listingIds: pushable.map((row) => row.id),
      push: () => adapter.remove({ shop, products: pushable.map(refOf) }),
    });
    if (!pushed.outcome.ok) {
      for (const row of pushable) refused(work, input, row.id, pushed);
      return { ok: false, outcome: pushed.outcome };
    }
  }
  for (const before of rows) {
    const [after] = await work.tx
      .update(marketplaceListings)
      .set({ deletedAt: work.at, updatedAt: work.at })
      .where(eq(marketplaceListings.id, before.id))
      .returning();
    await syncSkuLinks(work.tx, { shop, before: idsOf(before, rawOf(before)), after: null, at: work.at });
    work.audit({ action: 'marketplace-listing.destroy', entity: ENTITY, entityId: before.id, before, after });
  }
  return { ok: true, listings: rows };
}

export async function deleteListing(work: Work, input: Channel & { id: number }) {
  await lockShop(work.tx, input.shop);
  const row = await lockListing(work.tx, input.shop, input.id);
  return deleteListings(work, { ...input, rows: [row] });
}

/**
 * Switches listings on or off at the channel. Listings already in that state are left alone, so a repeated
 * request changes nothing and pushes nothing.
 */
export async function setListingsActive(
  work: Work,
  input: Channel & { rows: ListingRow[]; active: boolean },
): Promise<BatchResult> {
  const { shop, adapter, active } = input;
  const changing = input.rows.filter((row) => row.isInactive === active);
  if (changing.length === 0) {
    work.unchanged();
    return { ok: true, listings: input.rows };
  }
  const pushed = await recordPush(work, {
    shop,
    listingIds: changing.map((row) => row.id),
    push: () => adapter.setStatus({ shop, products: changing.map(refOf), active }),
  });
  if (!pushed.outcome.ok) {
    for (const row of changing) refused(work, input, row.id, pushed);
    return { ok: false, outcome: pushed.outcome };
  }
  const changed = new Map<number, ListingRow>();
  for (const before of changing) {
    const [after] = await work.tx
      .update(marketplaceListings)
      .set({ isInactive: !active, updatedAt: work.at })
      .where(eq(marketplaceListings.id, before.id))
      .returning();
    changed.set(after.id, after);
    work.audit({
      action: active ? 'marketplace-listing.set-active' : 'marketplace-listing.set-inactive',
      entity: ENTITY,
      entityId: before.id,
      before,
      after,
    });
  }
  return { ok: true, listings: input.rows.map((row) => changed.get(row.id) ?? row) };
}

export async function setListingActive(work: Work, input: Channel & { id: number; active: boolean }) {
  await lockShop(work.tx, input.shop);
  const row = await lockListing(work.tx, input.shop, input.id);
  return setListingsActive(work, { ...input, rows: [row] });
}
