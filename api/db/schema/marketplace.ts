import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, updatedAt } from './columns';
import { products } from './catalogue';
import { brands, channels } from './tenancy';

/** A marketplace SKU (product or variant) linked to a catalogue product. */
export const skuChannels = pgTable(
  'sku_channels',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    productId: integer('product_id').references(() => products.id),
    name: text('name').notNull(),
    sku: text('sku'),
    photoUrl: text('photo_url'),
    externalId: text('external_id'),
    parentExternalId: text('parent_external_id'),
    raw: jsonb('raw').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sku_channels_product_idx').on(t.productId),
    index('sku_channels_brand_channel_sku_idx').on(t.brandId, t.channelId, t.sku),
  ],
);

export const marketplaceListings = pgTable(
  'marketplace_listings',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    name: text('name').notNull(),
    description: text('description'),
    sku: text('sku'),
    /** Every SKU the listing holds in the shop: its own, or each variant combination's. */
    skus: text('skus')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    stock: integer('stock').notNull().default(0),
    status: text('status'),
    isInactive: boolean('is_inactive').notNull().default(false),
    externalId: text('external_id'),
    parentExternalId: text('parent_external_id'),
    /** The marketplace's own category id (last level of its taxonomy). */
    categoryId: text('category_id'),
    rawData: jsonb('raw_data').$type<Record<string, unknown>>().notNull().default({}),
    salesCount: integer('sales_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: nullableTimestamp('deleted_at'),
  },
  (t) => [
    index('marketplace_listings_brand_channel_created_idx').on(t.brandId, t.channelId, t.createdAt),
    index('marketplace_listings_brand_channel_sku_idx').on(t.brandId, t.channelId, t.sku),
    index('marketplace_listings_external_idx').on(t.channelId, t.externalId),
    index('marketplace_listings_skus_idx').using('gin', t.skus),
    // The search box: the start of a name or a SKU.
    index('marketplace_listings_name_lower_prefix_idx').using(
      'btree',
      sql`lower(${t.name}) text_pattern_ops`,
    ),
    index('marketplace_listings_sku_lower_prefix_idx').using('btree', sql`lower(${t.sku}) text_pattern_ops`),
  ],
);

export const channelRequestLogs = pgTable(
  'channel_request_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    listingId: integer('listing_id').references(() => marketplaceListings.id, { onDelete: 'set null' }),
    /** The promotion a promotion push was for; kept as a number, as the log outlives a deleted promotion. */
    promotionId: integer('promotion_id'),
    action: text('action').notNull(),
    request: jsonb('request').notNull(),
    response: jsonb('response'),
    status: text('status').notNull(),
    /** The marketplace's HTTP status for the push (or the one the adapter stands in for). */
    statusCode: integer('status_code').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('channel_request_logs_brand_created_idx').on(t.brandId, t.createdAt),
    index('channel_request_logs_listing_idx').on(t.listingId),
    index('channel_request_logs_promotion_idx').on(t.promotionId),
  ],
);
