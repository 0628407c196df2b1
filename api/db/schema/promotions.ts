import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, updatedAt } from './columns';
import { users } from './access';
import { products } from './catalogue';
import { brands, channels } from './tenancy';

export const PROMOTION_TYPES = ['discount', 'amount'] as const;

/** `discount`: a percentage off (Diskon); `amount`: rupiah off (Potongan Harga). */
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** A brand's promotion on one channel, for a window of time (docs/decisions/048). */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    name: text('name').notNull(),
    type: text('type').$type<PromotionType>().notNull(),
    /** A percentage (1–100) for `discount`, whole rupiah for `amount`. */
    value: bigint('value', { mode: 'number' }).notNull(),
    startsAt: nullableTimestamp('starts_at').notNull(),
    endsAt: nullableTimestamp('ends_at').notNull(),
    /** When it was ended before its end; its window then closes here. */
    endedAt: nullableTimestamp('ended_at'),
    /** The marketplace's id for it, from its first accepted push (docs/decisions/048). */
    externalId: text('external_id'),
    /** When the sweep told the brand's users it started, and that it finished: once per transition. */
    startAnnouncedAt: nullableTimestamp('start_announced_at'),
    endAnnouncedAt: nullableTimestamp('end_announced_at'),
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('promotions_brand_starts_idx').on(t.brandId, t.startsAt, t.id),
    check('promotions_window_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A product of a promotion. The channel and the window (closed early when the promotion is ended early) are
 * copied from the promotion, so that the exclusion constraint of migration 0018 keeps a product in at most one
 * promotion per channel at any moment (docs/decisions/048).
 */
export const promotionProducts = pgTable(
  'promotion_products',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    channelId: integer('channel_id').notNull(),
    startsAt: nullableTimestamp('starts_at').notNull(),
    endsAt: nullableTimestamp('ends_at').notNull(),
    promoStock: integer('promo_stock').notNull(),
    /** Units one buyer may take; 0 is no limit. */
    purchaseLimit: integer('purchase_limit').notNull().default(0),
  },
  (t) => [
    uniqueIndex('promotion_products_promotion_product_unique').on(t.promotionId, t.productId),
    index('promotion_products_product_idx').on(t.productId),
  ],
);
