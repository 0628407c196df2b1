import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, updatedAt } from './columns';
import { users } from './access';
import { products } from './catalogue';
import { brands, channels, vendors } from './tenancy';

export type Gender = 'male' | 'female';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** Digits only with the country code, e.g. `6281234567890` for `0812-3456-7890`. */
    normalizedPhone: text('normalized_phone'),
    gender: text('gender').$type<Gender>(),
    city: text('city'),
    /** A buyer is one person per brand: the normalised phone when known, else the lower-cased email. */
    buyerKey: text('buyer_key').generatedAlwaysAs(sql`coalesce(normalized_phone, lower(email))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_brand_buyer_key_unique').on(t.brandId, t.buyerKey),
    index('customers_brand_name_idx').on(t.brandId, t.name),
    // The search box: a name's start, a phone or an email exactly.
    index('customers_name_lower_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
    index('customers_normalized_phone_idx').on(t.normalizedPhone),
    index('customers_email_lower_idx').using('btree', sql`lower(${t.email})`),
  ],
);

export type InvoiceStatusCode =
  'new' | 'ready_to_deliver' | 'on_delivery' | 'delivered' | 'completed' | 'canceled';

export type InvoiceVoucher = { name: string; amount: number };

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    customerId: integer('customer_id').references(() => customers.id),
    externalNumber: text('external_number').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    customerEmail: text('customer_email'),
    recipientName: text('recipient_name'),
    recipientMobilePhone: text('recipient_mobile_phone'),
    recipientAddressFull: text('recipient_address_full'),
    recipientSubDistrict: text('recipient_sub_district'),
    recipientCity: text('recipient_city'),
    recipientProvince: text('recipient_province'),
    recipientPostalCode: text('recipient_postal_code'),
    paymentMethod: text('payment_method'),
    paymentDate: nullableTimestamp('payment_date'),
    deliveryType: text('delivery_type'),
    shippingCost: bigint('shipping_cost', { mode: 'number' }).notNull().default(0),
    insuranceCost: bigint('insurance_cost', { mode: 'number' }).notNull().default(0),
    voucherAmount: bigint('voucher_amount', { mode: 'number' }).notNull().default(0),
    cashbackAmount: bigint('cashback_amount', { mode: 'number' }).notNull().default(0),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull().default(0),
    /** Units across all lines. */
    totalProduct: integer('total_product').notNull().default(0),
    grandTotal: bigint('grand_total', { mode: 'number' }).notNull().default(0),
    statusCode: text('status_code').$type<InvoiceStatusCode>().notNull().default('new'),
    canceledAt: nullableTimestamp('canceled_at'),
    preorderDeadline: nullableTimestamp('preorder_deadline'),
    preorderProcessDay: integer('preorder_process_day'),
    preorderProcessStart: nullableTimestamp('preorder_process_start'),
    vouchers: jsonb('vouchers').$type<InvoiceVoucher[]>().notNull().default([]),
    rawData: jsonb('raw_data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_channel_external_number_unique').on(t.channelId, t.externalNumber),
    // Lists sort by creation time, id breaking ties; read backwards this serves newest first (DESC NULLS FIRST).
    index('invoices_brand_created_idx').on(t.brandId, t.createdAt, t.id),
    index('invoices_brand_status_created_idx').on(t.brandId, t.statusCode, t.createdAt),
    index('invoices_brand_date_idx').on(t.brandId, t.date),
    index('invoices_customer_idx').on(t.customerId),
    index('invoices_external_number_trgm_idx').using('gin', t.externalNumber.op('gin_trgm_ops')),
    index('invoices_customer_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')),
    // The search box finds a marketplace number exactly, whichever channel it came from.
    index('invoices_external_number_idx').on(t.externalNumber),
  ],
);

export const invoiceProducts = pgTable(
  'invoice_products',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id),
    name: text('name').notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    totalPrice: bigint('total_price', { mode: 'number' }).notNull(),
    /** Grams for the whole line. */
    weight: integer('weight').notNull().default(0),
  },
  (t) => [
    index('invoice_products_invoice_idx').on(t.invoiceId),
    index('invoice_products_product_idx').on(t.productId),
  ],
);

/** `canceled`: withdrawn because the marketplace canceled the invoice while it was offered. */
export type InvoiceOfferStatus = 'pending' | 'accepted' | 'rejected' | 'expired' | 'canceled';

/** The spec's "invoice offer logs": one row per vendor an invoice was offered to. */
export const invoiceOffers = pgTable(
  'invoice_offers',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    status: text('status').$type<InvoiceOfferStatus>().notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: nullableTimestamp('responded_at'),
    respondedBy: integer('responded_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoice_offers_invoice_idx').on(t.invoiceId),
    index('invoice_offers_vendor_status_created_idx').on(t.vendorId, t.status, t.createdAt),
    // The router offers an invoice to one vendor at a time.
    uniqueIndex('invoice_offers_one_pending_per_invoice')
      .on(t.invoiceId)
      .where(sql`status = 'pending'`),
    index('invoice_offers_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'pending'`),
  ],
);

export const invoiceOfferProducts = pgTable(
  'invoice_offer_products',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => invoiceOffers.id, { onDelete: 'cascade' }),
    invoiceProductId: integer('invoice_product_id')
      .notNull()
      .references(() => invoiceProducts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
  },
  (t) => [index('invoice_offer_products_offer_idx').on(t.offerId)],
);
