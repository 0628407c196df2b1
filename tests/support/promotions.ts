import { promotionProducts, promotions } from '../../api/db/schema';
import type { BrandKey } from './access-actors';
import { productOf, unique, type BrandWorld } from './access-records';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** `YYYY-MM-DD HH:mm` in Jakarta, as the promotion body takes its window. */
function jakarta(at: Date) {
  return new Date(at.getTime() + 7 * HOUR_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * A promotion body of the brand's: a fresh product of its own (so no two bodies overlap) on Tokopedia, which every
 * brand of the access world sells on, starting a day after the API's clock.
 */
export async function promotionBodyOf(w: BrandWorld, brand: BrandKey) {
  const product = await productOf(w, brand);
  const start = new Date(w.api.deps.clock().getTime() + DAY_MS);
  return {
    name: unique('Promo'),
    type: 'discount',
    value: 10,
    channel: 'tokopedia',
    start_at: jakarta(start),
    end_at: jakarta(new Date(start.getTime() + DAY_MS)),
    products: [{ product_id: product.id, promo_stock: 0, purchase_limit: 0 }],
  };
}

/**
 * A promotion of the brand, written directly: not started (it may be changed or deleted), or running since an
 * hour ago (it may be ended early), which the API would not let a test create at the clock's now.
 */
export async function promotionOf(w: BrandWorld, brand: BrandKey, { running = false } = {}) {
  const product = await productOf(w, brand);
  const now = w.api.deps.clock().getTime();
  const startsAt = new Date(running ? now - HOUR_MS : now + DAY_MS);
  const endsAt = new Date(startsAt.getTime() + 2 * DAY_MS);
  const [promotion] = await w.api.db
    .insert(promotions)
    .values({
      brandId: w.brands[brand] as number,
      channelId: 1,
      name: unique('Promo'),
      type: 'discount',
      value: 10,
      startsAt,
      endsAt,
    })
    .returning({ id: promotions.id });
  await w.api.db.insert(promotionProducts).values({
    promotionId: promotion.id,
    productId: product.id,
    channelId: 1,
    startsAt,
    endsAt,
    promoStock: 0,
    purchaseLimit: 0,
  });
  return promotion.id;
}
