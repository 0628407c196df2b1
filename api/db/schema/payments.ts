import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, updatedAt } from './columns';
import { users } from './access';
import { orders } from './orders';
import { brands, vendors } from './tenancy';

export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('banks_name_unique').on(sql`lower(${t.name})`)],
);

/** Vendor payment vouchers. */
export const sendPayments = pgTable(
  'send_payments',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    bankId: integer('bank_id').references(() => banks.id),
    date: date('date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    accountNumber: text('account_number'),
    accountHolderName: text('account_holder_name'),
    /** The check/BG number of the form. */
    paymentMethodDescription: text('payment_method_description'),
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: nullableTimestamp('deleted_at'),
  },
  (t) => [
    // Each brand numbers its own vouchers.
    uniqueIndex('send_payments_brand_number_unique').on(t.brandId, t.number),
    index('send_payments_brand_created_idx').on(t.brandId, t.createdAt),
    index('send_payments_vendor_idx').on(t.vendorId),
    // The search box: the start of a voucher number.
    index('send_payments_number_lower_prefix_idx').using('btree', sql`lower(${t.number}) text_pattern_ops`),
  ],
);

export const sendPaymentOrders = pgTable(
  'send_payment_orders',
  {
    sendPaymentId: integer('send_payment_id')
      .notNull()
      .references(() => sendPayments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
  },
  (t) => [
    primaryKey({ columns: [t.sendPaymentId, t.orderId] }),
    // An order is paid at most once.
    uniqueIndex('send_payment_orders_order_unique').on(t.orderId),
  ],
);
