import type { FieldErrors } from '../../api-error';
import type { ChannelPromotion } from './channel-adapter';

/** A marketplace's discount rules, as the sandbox applies them (docs/decisions/048). */
export const PROMOTION_LIMITS = {
  /** The longest window a discount may run. */
  windowDays: 180,
  /** The least and most a percentage discount may take off. */
  minPercent: 1,
  maxPercent: 95,
  /** The least a product may be sold for while discounted. */
  minDiscountedPrice: 100,
} as const;

export const PROMOTION_RULE_MESSAGES = {
  window: `Periode promosi maksimal ${PROMOTION_LIMITS.windowDays} hari`,
  percent: `Diskon minimal ${PROMOTION_LIMITS.minPercent}% dan maksimal ${PROMOTION_LIMITS.maxPercent}%`,
  discountedPrice: (sku: string) =>
    `Harga setelah diskon ${sku} minimal Rp${PROMOTION_LIMITS.minDiscountedPrice}`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the marketplace refuses in a promotion, keyed by the fields of this API's promotion form: a window longer
 * than 180 days (`end_at`), a percentage outside 1–95 % (`value`), a product left under Rp100 (`value`). At most
 * one running discount per product is the database's rule already (decision 048), so the sandbox does not
 * repeat it.
 */
export function promotionRefusals(promotion: ChannelPromotion): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const window = Date.parse(promotion.end_time) - Date.parse(promotion.start_time);
  if (window > PROMOTION_LIMITS.windowDays * DAY_MS) add('end_at', PROMOTION_RULE_MESSAGES.window);
  if (
    promotion.discount_type === 'PERCENTAGE' &&
    (promotion.discount_value < PROMOTION_LIMITS.minPercent ||
      promotion.discount_value > PROMOTION_LIMITS.maxPercent)
  ) {
    add('value', PROMOTION_RULE_MESSAGES.percent);
  }
  for (const product of promotion.products) {
    if (product.discounted_price < PROMOTION_LIMITS.minDiscountedPrice) {
      add('value', PROMOTION_RULE_MESSAGES.discountedPrice(product.sku));
    }
  }
  return errors;
}
