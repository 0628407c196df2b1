import { z } from 'zod';
import { newestFirst, pageQuerySchema } from '../../http/pagination';
import { listFilterShape } from '../order/service';
import { dateRangeInOrder, dateRangeIssue, idListParam, intField, textListParam } from '../../http/params';

export const invoiceListQuerySchema = pageQuerySchema
  .extend({
    ...listFilterShape,
    ...newestFirst,
    status: textListParam,
    customer: idListParam,
  })
  .refine(dateRangeInOrder, dateRangeIssue);

export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

const money = intField(0, 1_000_000_000_000);
/** Rupiah stay exact integers in JavaScript and in a bigint column well past any real invoice. */
const MAX_INVOICE_TOTAL = 1_000_000_000_000_000;
const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** `YYYY-MM-DD HH:mm:ss` (Asia/Jakarta, the spec's stored format) or ISO 8601 with an offset. */
const dateTime = z
  .string()
  .trim()
  .transform((text, context) => {
    const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2})?)$/.exec(text);
    const candidate = local
      ? new Date(`${local[1]}T${local[2]}${local[3] ? '' : ':00'}+07:00`)
      : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)
        ? new Date(text)
        : new Date(Number.NaN);
    if (Number.isNaN(candidate.getTime())) {
      context.addIssue({ code: 'custom', message: 'The date field must be a valid date (Y-m-d H:i:s).' });
      return z.NEVER;
    }
    return candidate;
  });

/** A marketplace invoice as a channel adapter posts it. Unknown fields are refused. */
export const ingestInvoiceSchema = z
  .object({
    external_number: z.string().trim().min(1).max(100),
    date: dateTime,
    customer_name: z.string().trim().min(1).max(150),
    customer_phone: optionalText(30),
    customer_email: z.string().trim().email().max(150).nullish(),
    customer_gender: z.enum(['male', 'female']).nullish(),
    recipient_name: z.string().trim().min(1).max(150),
    recipient_mobile_phone: optionalText(30),
    recipient_address_full: z.string().trim().min(1).max(500),
    recipient_sub_district: optionalText(100),
    recipient_city: z.string().trim().min(1).max(100),
    recipient_province: optionalText(100),
    recipient_postal_code: optionalText(10),
    payment_method: z.string().trim().min(1).max(100),
    payment_date: dateTime.nullish(),
    delivery_type: optionalText(100),
    shipping_cost: money.default(0),
    insurance_cost: money.default(0),
    voucher_amount: money.default(0),
    cashback_amount: money.default(0),
    vouchers: z
      .array(z.object({ name: z.string().trim().min(1).max(150), amount: money }).strict())
      .max(20)
      .optional(),
    preorder_process_day: intField(1, 90).nullish(),
    preorder_process_start: dateTime.nullish(),
    preorder_deadline: dateTime.nullish(),
    products: z
      .array(
        z
          .object({
            sku: z.string().trim().min(1).max(100),
            name: z.string().trim().min(1).max(300),
            quantity: intField(1, 100_000),
            price: money,
            /** Grams per unit. */
            weight: intField(0, 1_000_000).default(0),
          })
          .strict(),
      )
      .min(1)
      .max(200),
  })
  .strict()
  .superRefine((body, context) => {
    const total =
      body.products.reduce((sum, line) => sum + line.price * line.quantity, 0) +
      body.shipping_cost +
      body.insurance_cost;
    if (total > MAX_INVOICE_TOTAL) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['products'],
        message: `The invoice total must not be greater than ${MAX_INVOICE_TOTAL}.`,
      });
    }
  });

export type IngestInvoiceBody = z.infer<typeof ingestInvoiceSchema>;

/** The marketplace's cancellation of an invoice it sent: its own number, and why if it says. */
export const cancelInvoiceSchema = z
  .object({
    external_number: z.string().trim().min(1).max(100),
    reason: optionalText(255),
  })
  .strict();

export type CancelInvoiceBody = z.infer<typeof cancelInvoiceSchema>;
