import { z } from 'zod';
import { MAX_RECORD_ID } from '../record-id';
import { INVALID, says, TOO_LONG } from './messages';

/**
 * The payment form's buttons: saving, and the steps that work the form without JavaScript. Choosing the vendor
 * reloads its payable orders (asking first when that would drop a selection: confirm or keep); the orders are
 * checkboxes, and select-all, clearing and the date filter are submits that keep what is ticked.
 */
const INTENTS = [
  'save',
  'choose-vendor',
  'confirm-vendor',
  'keep-vendor',
  'select-all',
  'clear-orders',
  'filter-orders',
] as const;

/** A vendor change the user is asked to confirm, because it would drop the orders ticked so far. */
export type VendorChange = { vendor_id: number; count: number };

/** What the payment form holds between its steps (without JavaScript each step is a round trip). */
export type VoucherDraft = {
  number: string;
  vendor_id: number | null;
  date: string;
  due_date: string;
  bank_id: number | null;
  account_number: string;
  account_holder_name: string;
  payment_method_description: string;
  order_ids: number[];
  /** The order table's filter by completion date (Jakarta days): not part of the voucher. */
  orders_from: string;
  orders_to: string;
};

/** A control character (NUL and the like; tab, line feed and carriage return aside) is no part of any text the voucher keeps. */
function hasControlCharacter(text: string) {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}
const optionalText = (max: number) =>
  z
    .string(says(TOO_LONG))
    .trim()
    .max(max)
    .refine((text) => !hasControlCharacter(text), 'payment.controlCharacter')
    .optional();
const optionalId = (message: string) =>
  z.coerce.number(says(message)).int().positive().max(MAX_RECORD_ID).optional();
const day = z
  .string(says('payment.dayInvalid'))
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();

/**
 * One schema for the payment form on both sides. Each button checks what it needs: saving the fields the spec
 * requires (with its messages), choosing a vendor a vendor, adding an order one not added yet.
 */
export const voucherFormSchema = z
  .object({
    intent: z.enum(INTENTS, says(INVALID)),
    number: optionalText(100),
    vendor_id: optionalId('payment.vendorRequired'),
    previous_vendor_id: optionalId(INVALID),
    vendor_change_to: optionalId('payment.vendorRequired'),
    date: day,
    due_date: day,
    bank_id: optionalId('payment.bankRequired'),
    account_number: optionalText(50),
    account_holder_name: optionalText(150),
    payment_method_description: optionalText(100),
    // Ticked checkboxes share the name; a lone one arrives as one value, which conform makes a list.
    order_ids: z
      .array(z.coerce.number(says('payment.ordersRequired')).int().positive(), says('payment.ordersRequired'))
      .max(1000)
      .default([]),
    orders_from: day,
    orders_to: day,
  })
  .superRefine((value, context) => {
    const require = (ok: unknown, path: string, message: string) => {
      if (!ok) context.addIssue({ code: 'custom', path: [path], message });
    };
    if (value.intent === 'choose-vendor') require(value.vendor_id, 'vendor_id', 'payment.vendorRequired');
    if (value.intent === 'confirm-vendor')
      require(value.vendor_change_to, 'vendor_id', 'payment.vendorRequired');
    if (value.orders_from && value.orders_to)
      require(value.orders_to >= value.orders_from, 'orders_to', 'payment.rangeBackwards');
    if (value.intent !== 'save') return;
    require(value.number, 'number', 'payment.numberRequired');
    require(value.vendor_id, 'vendor_id', 'payment.vendorRequired');
    require(value.date, 'date', 'payment.dateRequired');
    require(value.bank_id, 'bank_id', 'payment.bankRequired');
    require(value.account_number, 'account_number', 'payment.accountNumberRequired');
    require(value.account_holder_name, 'account_holder_name', 'payment.accountNameRequired');
    require(value.order_ids.length, 'order_ids', 'payment.ordersRequired');
    require(new Set(value.order_ids).size === value.order_ids.length, 'order_ids', 'payment.orderTwice');
    if (value.date && value.due_date)
      require(value.due_date >= value.date, 'due_date', 'payment.dueBeforeDate');
  });

export type VoucherForm = z.infer<typeof voucherFormSchema>;

export const bankFormSchema = z.object({
  name: z.string(says('bank.nameRequired')).trim().min(1).max(100, TOO_LONG),
});
