import {
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './access';
import { products } from './catalogue';
import { orders } from './orders';
import { brands, vendors } from './tenancy';

/** Available stock is quantity − reserved. */
export const vendorStocks = pgTable(
  'vendor_stocks',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.productId] }),
    index('vendor_stocks_product_idx').on(t.productId),
  ],
);

export const STOCK_MOVEMENT_KINDS = [
  'reserve',
  'release',
  'adjustment',
  'import',
  'vendor_update',
  'return',
] as const;

export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/**
 * The stock ledger. `quantity` is the signed change of the available stock (quantity − reserved) and
 * `balance_after` the available stock after it, so a reservation reads as −n even though the units are
 * still on hand.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    kind: text('kind').$type<StockMovementKind>().notNull(),
    quantity: integer('quantity').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    note: text('note'),
    orderId: integer('order_id').references(() => orders.id),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_vendor_product_created_idx').on(t.vendorId, t.productId, t.createdAt),
    index('stock_movements_order_idx').on(t.orderId),
    // The mutation screen: newest first, brand-wide or for one vendor.
    index('stock_movements_created_idx').on(t.createdAt, t.id),
    index('stock_movements_vendor_created_idx').on(t.vendorId, t.createdAt, t.id),
    // The mutation screen filtered by SKU: the matching products' movements, newest first.
    index('stock_movements_product_created_idx').on(t.productId, t.createdAt, t.id),
  ],
);

/**
 * Available stock at the end of each day (Asia/Jakarta), the basis of the in-stock rate. Derived data, like
 * the rollups, so no foreign keys: checking two per row would triple the cost of writing a day's snapshot.
 */
export const stockDailySnapshots = pgTable(
  'stock_daily_snapshots',
  {
    date: date('date', { mode: 'string' }).notNull(),
    vendorId: integer('vendor_id').notNull(),
    productId: integer('product_id').notNull(),
    available: integer('available').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.vendorId, t.productId] }),
    index('stock_daily_snapshots_vendor_date_idx').on(t.vendorId, t.date),
    // The stock list's in-stock rate: a page of products over the last 30 days, read from the index alone
    // (snapshots are written once a day and never updated, so their pages stay all-visible).
    index('stock_daily_snapshots_product_date_idx').on(t.productId, t.date, t.vendorId, t.available),
  ],
);

export const updateStockHistories = pgTable(
  'update_stock_histories',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('update_stock_histories_brand_created_idx').on(t.brandId, t.createdAt)],
);

export const updateStockHistoryItems = pgTable(
  'update_stock_history_items',
  {
    id: serial('id').primaryKey(),
    historyId: integer('history_id')
      .notNull()
      .references(() => updateStockHistories.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The quantity on hand the vendor set. */
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('update_stock_history_items_history_idx').on(t.historyId)],
);

/**
 * A vendor's product whose weeks of supply fell under its brand's threshold and has been announced: one row
 * while it stays low, so one notification per crossing; the row goes when the stock recovers.
 */
export const lowStockAlerts = pgTable(
  'low_stock_alerts',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.productId] })],
);
