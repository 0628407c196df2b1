import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { channelRequestLogs, products, promotionProducts, promotions, skuChannels } from '../../db/schema';
import type { Work } from '../../work/unit-of-work';
import type {
  ChannelAdapter,
  ChannelPromotion,
  PromotionAction,
  PushOutcome,
} from '../marketplace/channel-adapter';
import { recordPush } from '../marketplace/request-log';
import { shopOf, type Shop } from '../marketplace/shop';

type PromotionRow = typeof promotions.$inferSelect;

/** The channel a promotion is pushed to: the brand's shop there and the adapter that speaks to it. */
export type PromotionChannel = { adapter: ChannelAdapter };

export type PushResult = { ok: true; outcome: PushOutcome } | { ok: false; outcome: PushOutcome; shop: Shop };

function discounted(promotion: PromotionRow, price: number) {
  const off = promotion.type === 'discount' ? Math.floor((price * promotion.value) / 100) : promotion.value;
  return price - off;
}

/**
 * The promotion as the marketplace receives it: each product by its SKU on that channel (the first the brand's
 * shop links to it, else the catalogue's own SKU), at the catalogue's price (decision 048) and the price the
 * promotion makes of it.
 */
export async function channelPromotion(
  executor: Executor,
  promotion: PromotionRow,
): Promise<ChannelPromotion> {
  const lines = await executor
    .select({
      productId: promotionProducts.productId,
      sku: products.sku,
      price: products.vendorPrice,
      promoStock: promotionProducts.promoStock,
      purchaseLimit: promotionProducts.purchaseLimit,
    })
    .from(promotionProducts)
    .innerJoin(products, eq(products.id, promotionProducts.productId))
    .where(eq(promotionProducts.promotionId, promotion.id))
    .orderBy(asc(promotionProducts.productId));
  const linked = await executor
    .select({ productId: skuChannels.productId, sku: skuChannels.sku })
    .from(skuChannels)
    .where(
      and(
        eq(skuChannels.brandId, promotion.brandId),
        eq(skuChannels.channelId, promotion.channelId),
        inArray(
          skuChannels.productId,
          lines.map((line) => line.productId),
        ),
        isNotNull(skuChannels.sku),
      ),
    )
    .orderBy(asc(skuChannels.id));
  const channelSku = new Map<number, string>();
  for (const row of linked) {
    if (row.productId !== null && row.sku && !channelSku.has(row.productId))
      channelSku.set(row.productId, row.sku);
  }
  return {
    name: promotion.name,
    discount_type: promotion.type === 'discount' ? 'PERCENTAGE' : 'AMOUNT',
    discount_value: promotion.value,
    start_time: promotion.startsAt.toISOString(),
    end_time: (promotion.endedAt ?? promotion.endsAt).toISOString(),
    products: lines.map((line) => ({
      sku: channelSku.get(line.productId) ?? line.sku,
      original_price: line.price,
      discounted_price: discounted(promotion, line.price),
      promo_stock: line.promoStock,
      max_order: line.purchaseLimit,
    })),
  };
}

const REFUSED = Symbol('refused by the channel');

/**
 * A change of a promotion and its push, as one step: `change` writes the promotion (and its products) inside a
 * savepoint, the promotion as it then stands is pushed to its channel, and a push the channel refuses or fails
 * rolls the change back to the savepoint. The push is kept in the channel request log whatever the answer, and a
 * refused one is audited, so the unit can commit while the caller answers with the channel's refusal. A change
 * the database refuses (the overlap constraint) is never pushed.
 */
export async function changeAndPush(
  work: Work,
  input: PromotionChannel & {
    brandId: number;
    channelId: number;
    action: PromotionAction;
    /** The promotion being changed; none for a new one, whose log row gets its id once it is kept. */
    promotionId: number | null;
    change: () => Promise<PromotionRow>;
  },
): Promise<PushResult & { promotion: PromotionRow }> {
  const { adapter, action } = input;
  const shop = await shopOf(work.tx, input.brandId, input.channelId);
  let changed: PromotionRow | undefined;
  const { outcome, log } = await recordPush(work, {
    shop,
    listingIds: [null],
    promotionId: input.promotionId,
    push: async () => {
      let answer: PushOutcome | undefined;
      try {
        await work.tx.transaction(async () => {
          const promotion = await input.change();
          changed = promotion;
          answer = await adapter.pushPromotion({
            shop,
            action: action === 'promotion-update' && !promotion.externalId ? 'promotion-create' : action,
            promotionId: promotion.externalId,
            promotion: await channelPromotion(work.tx, promotion),
          });
          if (!answer.ok) throw REFUSED;
        });
      } catch (error) {
        if (error !== REFUSED) throw error;
      }
      return answer as PushOutcome;
    },
  });
  let promotion = changed as PromotionRow;
  if (outcome.ok) {
    if (input.promotionId === null) {
      await work.tx
        .update(channelRequestLogs)
        .set({ promotionId: promotion.id })
        .where(eq(channelRequestLogs.id, log.id));
    }
    if (outcome.promotionId && outcome.promotionId !== promotion.externalId) {
      [promotion] = await work.tx
        .update(promotions)
        .set({ externalId: outcome.promotionId })
        .where(eq(promotions.id, promotion.id))
        .returning();
    }
    return { ok: true, outcome, promotion };
  }
  auditFailedPush(work, { brandId: input.brandId, promotionId: input.promotionId, outcome, logId: log.id });
  return { ok: false, outcome, shop, promotion };
}

/** A push the channel did not take, audited so the unit that logged it can commit. */
function auditFailedPush(
  work: Work,
  input: { brandId: number; promotionId: number | null; outcome: PushOutcome; logId: number },
) {
  work.audit({
    action: 'promotion.push-failed',
    entity: 'promotion',
    entityId: input.promotionId,
    brandId: input.brandId,
    after: {
      action: input.outcome.action,
      status_code: input.outcome.statusCode,
      channel_request_log_id: input.logId,
      errors: input.outcome.errors,
    },
  });
}

/**
 * A promotion's start, or its end at the end of its window, told to its marketplace by the sweep that reaches
 * it: nothing changes here to roll back, so the push is kept in the channel request log whatever the answer and
 * a failure is audited. Told once, as the transition is (the sweep marks it in the same unit).
 */
export async function pushTransition(
  work: Work,
  input: PromotionChannel & { promotion: PromotionRow; action: 'promotion-start' | 'promotion-end' },
) {
  const { adapter, promotion, action } = input;
  const shop = await shopOf(work.tx, promotion.brandId, promotion.channelId);
  const { outcome, log } = await recordPush(work, {
    shop,
    listingIds: [null],
    promotionId: promotion.id,
    push: async () =>
      adapter.pushPromotion({
        shop,
        action,
        promotionId: promotion.externalId,
        promotion: await channelPromotion(work.tx, promotion),
      }),
  });
  if (!outcome.ok)
    auditFailedPush(work, { brandId: promotion.brandId, promotionId: promotion.id, outcome, logId: log.id });
  return outcome;
}
