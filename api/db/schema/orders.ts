import type { OrderStatusCode } from '../../../contract/order-status';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, updatedAt } from './columns';
import { media, users } from './access';
import { products } from './catalogue';
import { invoiceProducts, invoices } from './invoices';
import { brands, channels, vendors } from './tenancy';

export { ORDER_STATUS_CODES, type OrderStatusCode } from '../../../contract/order-status';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    statusCode: text('status_code').$type<OrderStatusCode>().notNull().default('new'),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    /** Σ order_products.total_price; the amount shown is this minus grand_total_return. */
    grandTotal: bigint('grand_total', { mode: 'number' }).notNull().default(0),
    grandTotalReturn: bigint('grand_total_return', { mode: 'number' }).notNull().default(0),
    totalWeight: integer('total_weight').notNull().default(0),
    deliveryType: text('delivery_type'),
    receiverName: text('receiver_name'),
    shippingNumber: text('shipping_number'),
    refOrderId: integer('ref_order_id').references((): AnyPgColumn => orders.id),
    refOrderNumber: text('ref_order_number'),
    readyToDeliverAt: nullableTimestamp('ready_to_deliver_at'),
    onDeliveryAt: nullableTimestamp('on_delivery_at'),
    deliveredAt: nullableTimestamp('delivered_at'),
    completedAt: nullableTimestamp('completed_at'),
    canceledAt: nullableTimestamp('canceled_at'),
    divertedAt: nullableTimestamp('diverted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: nullableTimestamp('deleted_at'),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    // An invoice has at most one live order; accepting an offer twice fails here.
    uniqueIndex('orders_one_live_per_invoice')
      .on(t.invoiceId)
      .where(sql`status_code not in ('canceled', 'diverted')`),
    index('orders_brand_created_idx').on(t.brandId, t.createdAt, t.id),
    index('orders_brand_status_created_idx').on(t.brandId, t.statusCode, t.createdAt),
    index('orders_vendor_created_idx').on(t.vendorId, t.createdAt, t.id),
    // A vendor's invoices, as its dashboard counts them (through its live orders), read from the index alone.
    index('orders_vendor_brand_created_live_idx')
      .on(t.vendorId, t.brandId, t.createdAt, t.invoiceId)
      .where(sql`status_code <> 'diverted' and deleted_at is null`),
    index('orders_invoice_idx').on(t.invoiceId),
    // The lists sort by number by default; a status tab walks its own orders in that order.
    index('orders_brand_status_number_idx').on(t.brandId, t.statusCode, t.number),
    index('orders_vendor_status_number_idx').on(t.vendorId, t.statusCode, t.number),
    // The vendor dashboard's order table: the newest page of a status, without reading the range's other orders.
    index('orders_vendor_status_created_idx').on(t.vendorId, t.statusCode, t.createdAt),
    // Search: any part of the number through trigrams, a leading "SO/…" as a prefix (see searchedOrderIds).
    index('orders_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
    index('orders_number_prefix_idx').on(t.number.op('text_pattern_ops')),
    // The search box finds an order by its tracking number, exactly.
    index('orders_shipping_number_idx').on(t.shippingNumber),
  ],
);

export const orderProducts = pgTable(
  'order_products',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    invoiceProductId: integer('invoice_product_id').references(() => invoiceProducts.id),
    productId: integer('product_id').references(() => products.id),
    quantity: integer('quantity').notNull(),
    quantityReturn: integer('quantity_return').notNull().default(0),
    price: bigint('price', { mode: 'number' }).notNull(),
    totalPrice: bigint('total_price', { mode: 'number' }).notNull(),
    totalPriceReturn: bigint('total_price_return', { mode: 'number' }).notNull().default(0),
    totalWeight: integer('total_weight').notNull().default(0),
  },
  (t) => [
    index('order_products_order_idx').on(t.orderId),
    index('order_products_product_idx').on(t.productId),
  ],
);

/** Return lines ("Retur"): each one adds to the line's quantity_return. */
export const replacedOrderProducts = pgTable(
  'replaced_order_products',
  {
    id: serial('id').primaryKey(),
    orderProductId: integer('order_product_id')
      .notNull()
      .references(() => orderProducts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('replaced_order_products_order_product_idx').on(t.orderProductId)],
);

export const orderActivities = pgTable(
  'order_activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    statusCode: text('status_code').$type<OrderStatusCode>(),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('order_activities_order_created_idx').on(t.orderId, t.createdAt)],
);

export type OrderPhotoKind = 'delivery' | 'delivered';

export const orderPhotos = pgTable(
  'order_photos',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id),
    kind: text('kind').$type<OrderPhotoKind>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_photos_order_idx').on(t.orderId)],
);
