import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jakartaDate, jakartaDayEnd, jakartaDayStart } from '../../db/jakarta';
import { containsPattern } from '../../db/like';
import { channels, dailyProductRollups, products, promotionProducts, promotions } from '../../db/schema';
import { notFound } from '../../api-error';
import { offsetOf, pageMeta, sortColumn } from '../../http/pagination';
import { lastPushOf } from '../marketplace/request-log';
import type { PromotionListQuery, PromotionProductQuery } from './schema';
import {
  serializeProductOption,
  serializePromotion,
  serializePromotionProduct,
  type PromotionHead,
} from './serializers';
import { statusCondition, windowMeets } from './status';

/** Units of a product available now at every vendor holding it: on hand less reserved. */
export const availableStock = sql<string>`(select coalesce(sum(vs.quantity - vs.reserved), 0)
  from vendor_stocks vs where vs.product_id = ${products.id})`;

const productCount = sql<string>`(select count(*) from ${promotionProducts}
  where ${promotionProducts.promotionId} = ${promotions.id})`;

function promotionHeads(executor: Executor) {
  return executor
    .select({
      promotion: promotions,
      channel: { id: channels.id, code: channels.code, name: channels.name },
      productCount,
    })
    .from(promotions)
    .innerJoin(channels, eq(channels.id, promotions.channelId));
}

const SORTS = {
  created_at: promotions.createdAt,
  name: promotions.name,
  start_at: promotions.startsAt,
  end_at: promotions.endsAt,
};

function listConditions(brandId: number, query: PromotionListQuery, now: Date): SQL[] {
  const conditions: SQL[] = [eq(promotions.brandId, brandId)];
  if (query.status) conditions.push(statusCondition(query.status, now));
  if (query.type) conditions.push(eq(promotions.type, query.type));
  if (query.channel) conditions.push(eq(channels.code, query.channel));
  if (query.search) conditions.push(ilike(promotions.name, containsPattern(query.search)));
  conditions.push(
    ...windowMeets(
      query['date-from'] ? jakartaDayStart(query['date-from']) : undefined,
      query['date-to'] ? jakartaDayEnd(query['date-to']) : undefined,
    ),
  );
  return conditions;
}

/**
 * Every promotion the list's filters keep, oldest first, a thousand at a time (the export): each as the list gives
 * it, its status read from the clock at `now` by the same rule.
 */
export async function* promotionBatches(
  executor: Executor,
  brandId: number,
  query: PromotionListQuery,
  now: Date,
) {
  const where = listConditions(brandId, query, now);
  let after = 0;
  for (;;) {
    const rows = await promotionHeads(executor)
      .where(and(...where, gt(promotions.id, after)))
      .orderBy(asc(promotions.id))
      .limit(1000);
    if (rows.length === 0) return;
    yield rows.map((row) => serializePromotion(row as PromotionHead, now));
    after = rows[rows.length - 1].promotion.id;
  }
}

/** The brand's promotions, newest first; the tabs filter on the status the clock gives at `now`. */
export async function listPromotions(
  executor: Executor,
  brandId: number,
  query: PromotionListQuery,
  now: Date,
) {
  const where = and(...listConditions(brandId, query, now));
  const column = SORTS[sortColumn(SORTS, query.sorted_by, 'created_at')];
  const direction = query.order_by === 'asc' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    promotionHeads(executor)
      .where(where)
      .orderBy(direction(column), direction(promotions.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    executor
      .select({ total: count() })
      .from(promotions)
      .innerJoin(channels, eq(channels.id, promotions.channelId))
      .where(where),
  ]);
  return {
    data: rows.map((row) => serializePromotion(row as PromotionHead, now)),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

/** The brand's promotion, or 404: another brand's reads exactly like one that does not exist. */
export async function findPromotion(executor: Executor, brandId: number, id: number) {
  const [promotion] = await executor
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.brandId, brandId)));
  if (!promotion) throw notFound();
  return promotion;
}

/** A promotion with its products (name, SKU, price, stock available now, promo stock, purchase limit). */
export async function showPromotion(executor: Executor, brandId: number, id: number, now: Date) {
  const [head] = await promotionHeads(executor).where(
    and(eq(promotions.id, id), eq(promotions.brandId, brandId)),
  );
  if (!head) throw notFound();
  const lines = await executor
    .select({
      productId: promotionProducts.productId,
      name: products.name,
      sku: products.sku,
      price: products.vendorPrice,
      available: availableStock,
      promoStock: promotionProducts.promoStock,
      purchaseLimit: promotionProducts.purchaseLimit,
    })
    .from(promotionProducts)
    .innerJoin(products, eq(products.id, promotionProducts.productId))
    .where(eq(promotionProducts.promotionId, id))
    .orderBy(asc(promotionProducts.id));
  const sales = await salesInWindow(executor, head.promotion, now);
  return {
    ...serializePromotion(head as PromotionHead, now),
    channel_request_log: await lastPushOf(executor, { promotionId: id }),
    products: lines.map((line) =>
      serializePromotionProduct(line, sales.get(line.productId) ?? { units: 0, gmv: 0 }),
    ),
  };
}

/**
 * What each product of the promotion sold on its channel over the Jakarta days of its window so far, from the
 * daily product rollups: every sale of the product on that channel on those days, as the marketplace does not
 * say which were at the promotion's price (decision 048). Nothing before the start.
 */
async function salesInWindow(executor: Executor, promotion: typeof promotions.$inferSelect, now: Date) {
  const sold = new Map<number, { units: number; gmv: number }>();
  if (now.getTime() < promotion.startsAt.getTime()) return sold;
  const close = promotion.endedAt ?? promotion.endsAt;
  const last = close.getTime() < now.getTime() ? close : now;
  const rows = await executor
    .select({
      productId: dailyProductRollups.productId,
      units: sql<string>`sum(${dailyProductRollups.unitsSold})`,
      gmv: sql<string>`sum(${dailyProductRollups.gmv})`,
    })
    .from(dailyProductRollups)
    .where(
      and(
        eq(dailyProductRollups.brandId, promotion.brandId),
        eq(dailyProductRollups.channelId, promotion.channelId),
        inArray(
          dailyProductRollups.productId,
          executor
            .select({ id: promotionProducts.productId })
            .from(promotionProducts)
            .where(eq(promotionProducts.promotionId, promotion.id)),
        ),
        between(dailyProductRollups.date, jakartaDate(promotion.startsAt), jakartaDate(last)),
      ),
    )
    .groupBy(dailyProductRollups.productId);
  for (const row of rows) sold.set(row.productId, { units: Number(row.units), gmv: Number(row.gmv) });
  return sold;
}

/** The brand's active products a promotion may take (by name or SKU), or the ones `ids` names. */
export async function promotionProductOptions(
  executor: Executor,
  brandId: number,
  query: PromotionProductQuery,
) {
  const conditions: SQL[] = [
    eq(products.brandId, brandId),
    isNull(products.deletedAt),
    eq(products.isActive, true),
  ];
  if (query.ids?.length) conditions.push(inArray(products.id, query.ids));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(products.name, pattern), ilike(products.sku, pattern)) as SQL);
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    executor
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        price: products.vendorPrice,
        available: availableStock,
      })
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    executor.select({ total: count() }).from(products).where(where),
  ]);
  return {
    data: rows.map(serializeProductOption),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}
