import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, updatedAt } from './columns';

export const channels = pgTable('channels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The couriers of a marketplace channel; a switched-off one is not offered on an order. */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('shipping_methods_channel_name_unique').on(t.channelId, t.name)],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address'),
  city: text('city'),
  postalCode: text('postal_code'),
  telephone: text('telephone'),
  fax: text('fax'),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  /** Weeks of supply under which a vendor's product raises a low-stock alert (docs/decisions/017). */
  lowStockWeeks: integer('low_stock_weeks').notNull().default(2),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: nullableTimestamp('deleted_at'),
});

export const brandChannels = pgTable(
  'brand_channels',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    shopId: text('shop_id'),
    channelMeta: jsonb('channel_meta').$type<{ is_tkpd_official?: boolean }>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('brand_channels_brand_channel_unique').on(t.brandId, t.channelId)],
);

export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address'),
    city: text('city'),
    postalCode: text('postal_code'),
    telephone: text('telephone'),
    fax: text('fax'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    isPriority: boolean('is_priority').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: nullableTimestamp('deleted_at'),
  },
  (t) => [
    // The search box: the start of a vendor's name.
    index('vendors_name_lower_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  ],
);

export const vendorBrands = pgTable(
  'vendor_brands',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.brandId] }), index('vendor_brands_brand_idx').on(t.brandId)],
);

export const vendorAreas = pgTable(
  'vendor_areas',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    province: text('province'),
    city: text('city').notNull(),
    subDistrict: text('sub_district'),
    postalCode: text('postal_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vendor_areas_vendor_idx').on(t.vendorId), index('vendor_areas_city_idx').on(t.city)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: nullableTimestamp('deleted_at'),
  },
  (t) => [index('categories_brand_idx').on(t.brandId), index('categories_parent_idx').on(t.parentId)],
);
