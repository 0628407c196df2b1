import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import type { InvoiceStatusCode } from './invoices';
import type { OrderStatusCode } from './orders';

/** Rollup days are business days in Indonesia's western time zone: `(created_at at time zone 'Asia/Jakarta')::date`. */
export const ROLLUP_TIME_ZONE = 'Asia/Jakarta';

/** `category_id` 0 holds lines whose product has no category, because a primary key column cannot be null. */
export const UNCATEGORISED = 0;

/*
 * What a rollup and the same rollup summed over some of its keys count: one list of columns for both tables,
 * so that the two cannot drift apart (the tracker keeps the summed table from the fine one's moves).
 */
const salesMeasures = () => ({
  orderCount: integer('order_count').notNull().default(0),
  gmv: bigint('gmv', { mode: 'number' }).notNull().default(0),
  unitsSold: integer('units_sold').notNull().default(0),
  returnUnits: integer('return_units').notNull().default(0),
  returnAmount: bigint('return_amount', { mode: 'number' }).notNull().default(0),
  canceledCount: integer('canceled_count').notNull().default(0),
  readyCount: integer('ready_count').notNull().default(0),
  readySeconds: bigint('ready_seconds', { mode: 'number' }).notNull().default(0),
});

const orderStatusMeasures = () => ({
  orderCount: integer('order_count').notNull().default(0),
  gmv: bigint('gmv', { mode: 'number' }).notNull().default(0),
});

const productMeasures = () => ({
  gmv: bigint('gmv', { mode: 'number' }).notNull().default(0),
  unitsSold: integer('units_sold').notNull().default(0),
  orderCount: integer('order_count').notNull().default(0),
});

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
    ...salesMeasures(),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.brandId, t.vendorId, t.channelId, t.categoryId] }),
    index('daily_sales_rollups_brand_date_idx').on(t.brandId, t.date),
    index('daily_sales_rollups_vendor_date_idx').on(t.vendorId, t.date),
  ],
);

/**
 * daily_sales_rollups summed over the categories: what a dashboard without a category filter reads, a row per
 * (day, brand, vendor, channel) however many categories sold that day. Kept from the same contributions.
 */
export const dailySalesTotals = pgTable(
  'daily_sales_totals',
  {
    brandId: integer('brand_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    vendorId: integer('vendor_id').notNull(),
    channelId: integer('channel_id').notNull(),
    ...salesMeasures(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.date, t.vendorId, t.channelId] }),
    index('daily_sales_totals_vendor_date_idx').on(t.vendorId, t.brandId, t.date),
  ],
);

/**
 * daily_product_rollups summed over vendors and channels: what a brand's dashboard without a vendor or channel
 * filter reads, a row per (brand, day, product). Kept from the same contributions.
 */
export const dailyProductTotals = pgTable(
  'daily_product_totals',
  {
    brandId: integer('brand_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    ...productMeasures(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.date, t.productId] })],
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
    ...orderStatusMeasures(),
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
    ...orderStatusMeasures(),
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
    ...productMeasures(),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.brandId, t.vendorId, t.channelId, t.productId] }),
    index('daily_product_rollups_brand_date_idx').on(t.brandId, t.date),
    // The stock list's run rate: a page of products over the last 7 days, without reading every product's days.
    index('daily_product_rollups_product_date_idx').on(t.productId, t.date),
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

/**
 * daily_customer_rollups with the vendor: invoices that are not canceled, per buyer, creation day and vendor of
 * the invoice's orders (each order not diverted, canceled or not, as the dashboard's vendor filter reads them;
 * an invoice without such an order has no row). Kept per buyer: a change to a buyer's invoices or to the vendor of
 * their orders recomputes all of that buyer's rows.
 */
export const dailyBuyerVendorRollups = pgTable(
  'daily_buyer_vendor_rollups',
  {
    brandId: integer('brand_id').notNull(),
    customerId: integer('customer_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    vendorId: integer('vendor_id').notNull(),
    channelId: integer('channel_id').notNull(),
    invoiceCount: integer('invoice_count').notNull().default(0),
    grandTotal: bigint('grand_total', { mode: 'number' }).notNull().default(0),
    items: integer('items').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.customerId, t.date, t.vendorId, t.channelId] })],
);

/**
 * Buyers per day, additive over the days of a range of up to BUYER_ROLLUP_DAYS days. A buyer has a row on each
 * day they bought in the scope (vendor_id 0 = any vendor, channel_id 0 = any channel), with:
 * - gap: days since their previous purchase day in the same scope, 0 when none;
 * - age: days since their first purchase day at the brand;
 * - regular: their previous purchase day at the brand is more than 30 days back.
 * gap and age are capped at BUYER_ROLLUP_DAYS. In a range [from, to] a buyer counts once, on the day where
 * `gap = 0 or gap > day − from`, and is new when `age <= day − from` (docs/decisions/010).
 */
export const dailyBuyerRollups = pgTable(
  'daily_buyer_rollups',
  {
    brandId: integer('brand_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    channelId: integer('channel_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    gap: smallint('gap').notNull(),
    age: smallint('age').notNull(),
    regular: boolean('regular').notNull(),
    buyers: integer('buyers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.vendorId, t.channelId, t.date, t.gap, t.age, t.regular] })],
);

/** The longest range, in days, daily_buyer_rollups answers; gap and age are capped at it. */
export const BUYER_ROLLUP_DAYS = 32;

/**
 * Buyers per day by gender ('male', 'female', or 'others' when unknown), counted once in a range as in
 * daily_buyer_rollups: on the day where `gap = 0 or gap > day − from`.
 */
export const dailyBuyerGenderRollups = pgTable(
  'daily_buyer_gender_rollups',
  {
    brandId: integer('brand_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    channelId: integer('channel_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    gap: smallint('gap').notNull(),
    gender: text('gender').notNull(),
    buyers: integer('buyers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.vendorId, t.channelId, t.date, t.gap, t.gender] })],
);

/**
 * The gender and city each buyer counts under in daily_buyer_gender_rollups and daily_buyer_city_rollups, a row per
 * buyer with an invoice not canceled: ingestion updates a customer's gender and city before the upkeep runs, so a
 * buyer's rows there are taken out under what is recorded here.
 */
export const buyerRollupProfiles = pgTable('buyer_rollup_profiles', {
  customerId: integer('customer_id').primaryKey(),
  brandId: integer('brand_id').notNull(),
  /** 'male', 'female', or 'others' when unknown. */
  gender: text('gender').notNull(),
  city: text('city'),
});

/**
 * Buyers per day by city (the customer's), counted once in a range as in daily_buyer_rollups, with the invoices
 * (not canceled) of those buyer-days: their number, items and grand total, which add up over any range. A key
 * cannot be null, so a buyer without a city has has_city false and city ''.
 */
export const dailyBuyerCityRollups = pgTable(
  'daily_buyer_city_rollups',
  {
    brandId: integer('brand_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    channelId: integer('channel_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    gap: smallint('gap').notNull(),
    hasCity: boolean('has_city').notNull(),
    city: text('city').notNull(),
    buyers: integer('buyers').notNull().default(0),
    invoiceCount: integer('invoice_count').notNull().default(0),
    items: integer('items').notNull().default(0),
    grandTotal: bigint('grand_total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.vendorId, t.channelId, t.date, t.gap, t.hasCity, t.city] })],
);

/**
 * Invoices that are not canceled per creation day, channel and payment method. A key cannot be null, so an
 * invoice without a payment method has has_payment_method false and payment_method ''.
 */
export const dailyPaymentRollups = pgTable(
  'daily_payment_rollups',
  {
    date: date('date', { mode: 'string' }).notNull(),
    brandId: integer('brand_id').notNull(),
    channelId: integer('channel_id').notNull(),
    hasPaymentMethod: boolean('has_payment_method').notNull(),
    paymentMethod: text('payment_method').notNull(),
    invoiceCount: integer('invoice_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.date, t.channelId, t.hasPaymentMethod, t.paymentMethod] })],
);

/**
 * A vendor's invoices per the invoice's creation day, channel, status and payment method, with their grand total.
 * An invoice is a vendor's when it has an order of that vendor that is not diverted (canceled or not), as the
 * dashboards count a vendor's invoices: an invoice counts once per vendor, so the rows of one vendor add up over
 * any range, those of several vendors only when no invoice has orders of two of them. A key cannot be null, so an
 * invoice without a payment method has has_payment_method false and payment_method ''.
 */
export const dailyVendorInvoiceRollups = pgTable(
  'daily_vendor_invoice_rollups',
  {
    vendorId: integer('vendor_id').notNull(),
    brandId: integer('brand_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    channelId: integer('channel_id').notNull(),
    statusCode: text('status_code').$type<InvoiceStatusCode>().notNull(),
    hasPaymentMethod: boolean('has_payment_method').notNull(),
    paymentMethod: text('payment_method').notNull(),
    invoiceCount: integer('invoice_count').notNull().default(0),
    grandTotal: bigint('grand_total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'daily_vendor_invoice_rollups_pk',
      columns: [
        t.vendorId,
        t.brandId,
        t.date,
        t.channelId,
        t.statusCode,
        t.hasPaymentMethod,
        t.paymentMethod,
      ],
    }),
  ],
);

/**
 * The in-stock figures of stock_daily_snapshots per day, brand, category (0: none) and vendor, for the products
 * active now: `products` (vendor, product) pairs with a snapshot that day and `in_stock` of them with stock
 * available. vendor_id 0 holds the brand's products over all vendors together: a product counts once, in stock
 * when its stock summed over the vendors is. Kept by the snapshot sweep (the day it writes) and by product edits
 * that change a product's category, activity or deletion (its brand and categories over all days).
 */
export const dailyInStockRollups = pgTable(
  'daily_in_stock_rollups',
  {
    brandId: integer('brand_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    categoryId: integer('category_id').notNull(),
    products: integer('products').notNull().default(0),
    inStock: integer('in_stock').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.vendorId, t.date, t.categoryId] })],
);

/**
 * Each payment voucher's orders: their number and Σ (grand_total − grand_total_return), what the voucher list and
 * detail show as its total. Kept by the rollup tracker: recomputed when a voucher's orders change, lowered by a
 * return of one of its orders; a voucher without orders has no row.
 */
export const sendPaymentTotals = pgTable('send_payment_totals', {
  sendPaymentId: integer('send_payment_id').primaryKey(),
  orderCount: integer('order_count').notNull().default(0),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
});

/**
 * Each brand's number of buyers (customers rows): the customer list's total when no filter narrows it. Kept by the
 * rollup tracker as ingestion adds buyers; buyers are never deleted.
 */
export const brandCustomerTotals = pgTable('brand_customer_totals', {
  brandId: integer('brand_id').primaryKey(),
  customerCount: integer('customer_count').notNull().default(0),
});
