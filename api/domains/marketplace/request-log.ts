import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { channelRequestLogs } from '../../db/schema';
import { offsetOf, pageMeta } from '../../http/pagination';
import type { Work } from '../../work/unit-of-work';
import type { PushOutcome } from './channel-adapter';
import type { Shop } from './shop';

type LogRow = typeof channelRequestLogs.$inferSelect;

export function serializeRequestLog(row: LogRow) {
  return {
    id: row.id,
    brand_id: row.brandId,
    channel_id: row.channelId,
    listing_id: row.listingId,
    promotion_id: row.promotionId,
    action: row.action,
    status: row.status,
    status_code: row.statusCode,
    duration_ms: row.durationMs,
    request: row.request,
    response: row.response,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Runs one push through the adapter, timed, and records it in the channel request log inside the unit of
 * work of the listing's change: the log holds every push, refused or not, and a push is never recorded
 * without the change it made. A push of several listings is recorded once for each of them.
 */
export async function recordPush(
  work: Work,
  input: {
    shop: Shop;
    listingIds: (number | null)[];
    promotionId?: number | null;
    push: () => Promise<PushOutcome>;
  },
) {
  const startedAt = performance.now();
  const outcome = await input.push();
  const durationMs = Math.max(0, Math.round(performance.now() - startedAt));
  const logs = await work.tx
    .insert(channelRequestLogs)
    .values(
      input.listingIds.map((listingId) => ({
        brandId: input.shop.brandId,
        channelId: input.shop.channelId,
        listingId,
        promotionId: input.promotionId ?? null,
        action: outcome.action,
        request: outcome.request ?? {},
        response: outcome.response ?? null,
        status: outcome.ok ? 'success' : 'failed',
        statusCode: outcome.statusCode,
        durationMs,
        createdAt: work.at,
      })),
    )
    .returning();
  return { outcome, log: logs[0] };
}

/** A push the channel refused: audited as such, so the unit that recorded it can commit. */
export function auditRefusedPush(
  work: Work,
  input: { shop: Shop; listingId: number | null; outcome: PushOutcome; logId: number },
) {
  work.audit({
    action: 'marketplace-listing.push-failed',
    entity: 'marketplace_listing',
    entityId: input.listingId,
    brandId: input.shop.brandId,
    after: {
      action: input.outcome.action,
      status_code: input.outcome.statusCode,
      channel_request_log_id: input.logId,
      errors: input.outcome.errors,
    },
  });
}

/** The latest push of a listing (its edit page) or of a promotion (its detail). */
export async function lastPushOf(db: Executor, of: { listingId: number } | { promotionId: number }) {
  const [row] = await db
    .select()
    .from(channelRequestLogs)
    .where(
      'listingId' in of
        ? eq(channelRequestLogs.listingId, of.listingId)
        : eq(channelRequestLogs.promotionId, of.promotionId),
    )
    .orderBy(desc(channelRequestLogs.id))
    .limit(1);
  return row ? serializeRequestLog(row) : null;
}

/** Every push of one listing of the shop, newest first unless asked otherwise. */
export async function listRequestLog(
  db: Executor,
  input: {
    shop: Shop;
    listingId: number;
    query: { page: number; per_page: number; order_by: 'asc' | 'desc' };
  },
) {
  const where = and(
    eq(channelRequestLogs.brandId, input.shop.brandId),
    eq(channelRequestLogs.channelId, input.shop.channelId),
    eq(channelRequestLogs.listingId, input.listingId),
  );
  const direction = input.query.order_by === 'asc' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(channelRequestLogs)
      .where(where)
      .orderBy(direction(channelRequestLogs.id))
      .limit(input.query.per_page)
      .offset(offsetOf(input.query)),
    db.select({ total: count() }).from(channelRequestLogs).where(where),
  ]);
  return {
    data: rows.map(serializeRequestLog),
    meta: pageMeta({
      page: input.query.page,
      perPage: input.query.per_page,
      total,
      count: rows.length,
    }),
  };
}
