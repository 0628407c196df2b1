import { bigint, boolean, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { InvoiceStatusCode } from './invoices';
import type { OrderStatusCode } from './orders';

/** Rollup days are business days in Indonesia's western time zone: `(created_at at time zone 'Asia/Jakarta')::date`. */
export const ROLLUP_TIME_ZONE = 'Asia/Jakarta';

/** `category_id` 0 holds lines whose product has no category, because a primary key column cannot be null. */
export const UNCATEGORISED = 0;

/**
 * Orders by creation day, one row per (brand, vendor, channel, product category). Amounts come from the
 * order lines of orders neither canceled nor diverted: gmv = Σ (total_price − total_price_return).
 * An order spans several categories, so `order_count` and `canceled_count` count it once, under the
 * category of its first line; summing them over categories gives the number of orders.
 * `ready_count`/`ready_seconds` add up, per creation day, the orders that reached ready_to_deliver and
 * the seconds it took, so the vendor SLA is ready_seconds ÷ ready_count ÷ 3600.
 */
export const dailySalesRollups = pgTable(
  'daily_sales_rollups',
  {
    date: date('date', { mode: 'string' }).notNull(),
    brandId: integer('brand_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    channelId: integer('channel_id').notNull(),
    categoryId: integer('category_id').notNull(),
    orderCount: integer('order_count').notNull().default(0),
    gmv: bigint('gmv', { mode: 'number' }).notNull().default(0),
    unitsSold: integer('units_sold').notNull().default(0),
    returnUnits: integer('return_units').notNull().default(0),
    returnAmount: bigint('return_amount', { mode: 'number' }).notNull().default(0),
    canceledCount: integer('canceled_count').notNull().default(0),
    readyCount: integer('ready_count').notNull().default(0),
    readySeconds: bigint('ready_seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.brandId, t.vendorId, t.channelId, t.categoryId] }),
    index('daily_sales_rollups_brand_date_idx').on(t.brandId, t.date),
    index('daily_sales_rollups_vendor_date_idx').on(t.vendorId, t.date),
  ],
);

/**
 * Every order, canceled and diverted included, by creation day and current status; `paid` tells completed
 * orders inside a payment voucher from the others; gmv = Σ (grand_total − grand_total_return). The order lists
 * count and total a status tab from here when a date range is set, from orderStatusTotals when not.
 */
export const dailyOrderStatusRollups = pgTable(
  'daily_order_status_rollups',
  {
    date: date('date', { mode: 'string' }).notNull(),
    brandId: integer('brand_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    channelId: integer('channel_id').notNull(),
    statusCode: text('status_code').$type<OrderStatusCode>().notNull(),
    paid: boolean('paid').notNull(),
    orderCount: integer('order_count').notNull().default(0),
    gmv: bigint('gmv', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.brandId, t.vendorId, t.channelId, t.statusCode, t.paid] }),
    index('daily_order_status_rollups_brand_status_date_idx').on(t.brandId, t.statusCode, t.date),
  ],
);

/** dailyOrderStatusRollups summed over all days: what a list without a date range counts and totals. */
export const orderStatusTotals = pgTable(
  'order_status_totals',
  {
    brandId: integer('brand_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    channelId: integer('channel_id').notNull(),
    statusCode: text('status_code').$type<OrderStatusCode>().notNull(),
    paid: boolean('paid').notNull(),
    orderCount: integer('order_count').notNull().default(0),
    gmv: bigint('gmv', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.vendorId, t.channelId, t.statusCode, t.paid] })],
);

/** Lines of live orders per product; order_count counts the orders containing the product. */
export const dailyProductRollups = pgTable(
  'daily_product_rollups',
  {
    date: date('date', { mode: 'string' }).notNull(),
    brandId: integer('brand_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    channelId: integer('channel_id').notNull(),
    productId: integer('product_id').notNull(),
    gmv: bigint('gmv', { mode: 'number' }).notNull().default(0),
    unitsSold: integer('units_sold').notNull().default(0),
    orderCount: integer('order_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.brandId, t.vendorId, t.channelId, t.productId] }),
    index('daily_product_rollups_brand_date_idx').on(t.brandId, t.date),
  ],
);

/** Invoices by creation day and current status. */
export const dailyInvoiceRollups = pgTable(
  'daily_invoice_rollups',
  {
    date: date('date', { mode: 'string' }).notNull(),
    brandId: integer('brand_id').notNull(),
    channelId: integer('channel_id').notNull(),
    statusCode: text('status_code').$type<InvoiceStatusCode>().notNull(),
    invoiceCount: integer('invoice_count').notNull().default(0),
    grandTotal: bigint('grand_total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.date, t.brandId, t.channelId, t.statusCode] })],
);

/** Invoices that are not canceled, per buyer and creation day; items = Σ total_product. */
export const dailyCustomerRollups = pgTable(
  'daily_customer_rollups',
  {
    date: date('date', { mode: 'string' }).notNull(),
    brandId: integer('brand_id').notNull(),
    channelId: integer('channel_id').notNull(),
    customerId: integer('customer_id').notNull(),
    invoiceCount: integer('invoice_count').notNull().default(0),
    grandTotal: bigint('grand_total', { mode: 'number' }).notNull().default(0),
    items: integer('items').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.brandId, t.channelId, t.customerId] }),
    index('daily_customer_rollups_brand_customer_date_idx').on(t.brandId, t.customerId, t.date),
  ],
);
