import type { promotions, PromotionType } from '../../db/schema';
import { closesAt, PROMOTION_STATUS_LABELS, promotionStatus } from './status';

type PromotionRow = typeof promotions.$inferSelect;

export const PROMOTION_TYPE_LABELS: Record<PromotionType, string> = {
  discount: 'Diskon',
  amount: 'Potongan Harga',
};

export type PromotionHead = {
  promotion: PromotionRow;
  channel: { id: number; code: string; name: string };
  productCount: number | string;
};

export type PromotionProductLine = {
  productId: number;
  name: string;
  sku: string;
  price: number;
  available: number | string;
  promoStock: number;
  purchaseLimit: number;
};

/** The promotion as the list and the show give it; its status is read from the clock at `now`. */
export function serializePromotion(head: PromotionHead, now: Date) {
  const { promotion } = head;
  const status = promotionStatus(promotion, now);
  return {
    id: promotion.id,
    brand_id: promotion.brandId,
    name: promotion.name,
    type: promotion.type,
    type_label: PROMOTION_TYPE_LABELS[promotion.type],
    value: promotion.value,
    channel: head.channel.code,
    channel_id: head.channel.id,
    channel_name: head.channel.name,
    start_at: promotion.startsAt.toISOString(),
    end_at: promotion.endsAt.toISOString(),
    ended_at: promotion.endedAt?.toISOString() ?? null,
    closes_at: closesAt(promotion).toISOString(),
    ended_early: promotion.endedAt !== null,
    status: PROMOTION_STATUS_LABELS[status],
    status_code: status,
    can_update: status === 'not_started',
    can_delete: status === 'not_started',
    can_end: status === 'running',
    product_count: Number(head.productCount),
    created_at: promotion.createdAt.toISOString(),
    updated_at: promotion.updatedAt.toISOString(),
  };
}

/**
 * A product of a promotion, with its price, the stock available now, and what it sold on the channel in the
 * window so far (units, GMV) beside the promo stock that leaves.
 */
export function serializePromotionProduct(line: PromotionProductLine, sold: { units: number; gmv: number }) {
  return {
    product_id: line.productId,
    name: line.name,
    sku: line.sku,
    price: line.price,
    available_stock: Number(line.available),
    promo_stock: line.promoStock,
    purchase_limit: line.purchaseLimit,
    units_sold: sold.units,
    gmv: sold.gmv,
    promo_stock_left: Math.max(0, line.promoStock - sold.units),
  };
}

export type PromotionProductOption = {
  id: number;
  name: string;
  sku: string;
  price: number;
  available: number | string;
};

/** A product the form may pick. */
export function serializeProductOption(row: PromotionProductOption) {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    price: row.price,
    available_stock: Number(row.available),
  };
}
