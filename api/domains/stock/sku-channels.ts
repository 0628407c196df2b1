import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { skuChannels } from '../../db/schema';
import { notFound } from '../../api-error';
import { offsetOf, pageMeta, sortColumn } from '../../http/pagination';
import type { SkuChannelQuery } from './schema';

/**
 * A marketplace SKU (docs/decisions/054): `external` and `parent_external` carry the listing's ids, so
 * the stock form's SKU link can open `/product/{parent external id, else external id}`.
 */
export function serializeSkuChannel(row: typeof skuChannels.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    photo_url: row.photoUrl,
    channel_id: row.channelId,
    brand_id: row.brandId,
    product_id: row.productId,
    external: row.externalId ? { id: row.externalId } : null,
    parent_external: row.parentExternalId ? { id: row.parentExternalId } : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

const SORT = {
  name: skuChannels.name,
  sku: skuChannels.sku,
  created_at: skuChannels.createdAt,
  updated_at: skuChannels.updatedAt,
};

export async function listSkuChannels(db: Executor, brandId: number, query: SkuChannelQuery) {
  const conditions: SQL[] = [eq(skuChannels.brandId, brandId)];
  if (query.channel?.length) conditions.push(inArray(skuChannels.channelId, query.channel));
  if (query.unlinked === '1') conditions.push(isNull(skuChannels.productId));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(skuChannels.name, pattern), ilike(skuChannels.sku, pattern)) as SQL);
  }
  const where = and(...conditions);
  const column = SORT[sortColumn(SORT, query.sorted_by, 'name')];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(skuChannels)
      .where(where)
      .orderBy(query.order_by === 'desc' ? desc(column) : asc(column), asc(skuChannels.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(skuChannels).where(where),
  ]);
  return {
    data: rows.map(serializeSkuChannel),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

export async function showSkuChannel(db: Executor, brandId: number, id: number) {
  const [row] = await db
    .select()
    .from(skuChannels)
    .where(and(eq(skuChannels.id, id), eq(skuChannels.brandId, brandId)));
  if (!row) throw notFound();
  return serializeSkuChannel(row);
}
