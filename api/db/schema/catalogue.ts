import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, updatedAt } from './columns';
import { media } from './access';
import { brands, categories } from './tenancy';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    categoryId: integer('category_id').references(() => categories.id),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    vendorPrice: bigint('vendor_price', { mode: 'number' }).notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: nullableTimestamp('deleted_at'),
  },
  (t) => [
    uniqueIndex('products_brand_sku_unique').on(t.brandId, t.sku),
    index('products_brand_category_idx').on(t.brandId, t.categoryId),
    // The stock list's default order (products.name) without sorting the whole catalogue.
    index('products_brand_name_idx').on(t.brandId, t.name, t.id),
    // Stock searches ("name or SKU contains") and the mutation screen's SKU filter.
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // On lower(sku), so that the SKU equality lookups of imports keep the unique btree index.
    index('products_sku_lower_trgm_idx').using('gin', sql`lower(${t.sku}) gin_trgm_ops`),
    // The search box: the start of a name or a SKU.
    index('products_name_lower_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
    index('products_sku_lower_prefix_idx').using('btree', sql`lower(${t.sku}) text_pattern_ops`),
  ],
);

export const productPhotos = pgTable(
  'product_photos',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.mediaId] })],
);
