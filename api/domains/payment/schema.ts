import { z } from 'zod';
import {
  dateRangeInOrder,
  dateRangeIssue,
  dayParam,
  idListParam,
  idParam,
  intField,
  isCalendarDay,
} from '../../http/params';
import { pageQuerySchema } from '../../http/pagination';

/** The filters of the voucher list and its export (search, dates, vendor, brand, channel). */
const voucherFilterShape = {
  search: z.string().trim().max(200).optional(),
  'date-from': dayParam('date-from'),
  'date-to': dayParam('date-to'),
  vendor: idListParam,
  brand: idListParam,
  channel: idListParam,
};

/** Newest first unless asked otherwise (by created_at descending, docs/decisions/018). */
export const voucherListQuerySchema = pageQuerySchema
  .extend({
    ...voucherFilterShape,
    sorted_by: z.string().max(50).optional(),
    order_by: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine(dateRangeInOrder, dateRangeIssue);

export type VoucherListQuery = z.infer<typeof voucherListQuerySchema>;

export const voucherExportQuerySchema = z.object(voucherFilterShape).refine(dateRangeInOrder, dateRangeIssue);

export type VoucherFilters = z.infer<typeof voucherExportQuerySchema>;

/** `brand` names the voucher's brand, as the spec's client sends it; another brand's voucher is a 404. */
export const voucherBrandQuerySchema = z.object({ brand: idParam.optional() });

/** The most orders one show answers with when it is asked for a slice of them. */
export const VOUCHER_ORDER_SLICE_MAX = 5000;

/**
 * The show, optionally with a slice of the voucher's orders (in voucher order: by number): the print renders a
 * large voucher in parts (docs/decisions/045). Without them, every order.
 */
export const voucherShowQuerySchema = voucherBrandQuerySchema.extend({
  orders_offset: intField(0, 10_000_000).optional(),
  orders_limit: intField(0, VOUCHER_ORDER_SLICE_MAX).optional(),
});

export type VoucherShowQuery = z.infer<typeof voucherShowQuerySchema>;

const text = (max: number) => z.string().trim().max(max);

function requiredDay(name: string) {
  return z
    .string()
    .trim()
    .min(1)
    .refine(isCalendarDay, { message: `The ${name} field must match the format Y-m-d.` });
}

/** Form posts send a lone value for a one-element array; JSON sends the array. */
const orderIds = z.preprocess(
  (value) => (value === undefined || value === null || Array.isArray(value) ? value : [value]),
  z.array(intField(1)).min(1).max(500),
);

export const voucherBodySchema = z
  .object({
    number: text(100).min(1),
    vendor_id: intField(1),
    brand_id: intField(1),
    date: requiredDay('date'),
    due_date: z.preprocess((value) => (value === '' ? null : value), requiredDay('due date').nullish()),
    bank_id: intField(1),
    account_number: text(50).min(1),
    account_holder_name: text(150).min(1),
    payment_method_description: text(100).nullish(),
    order_ids: orderIds,
  })
  .strict()
  .refine((body) => !body.due_date || body.due_date >= body.date, {
    message: 'The due date field must be a date after or equal to date.',
    path: ['due_date'],
  });

export type VoucherBody = z.infer<typeof voucherBodySchema>;

/** The orders a voucher of this vendor and brand may take; `send-payment` adds that voucher's own (on edit). */
export const payableOrderQuerySchema = z.object({
  vendor: idParam,
  brand: idParam,
  'send-payment': idParam.optional(),
  search: z.string().trim().max(200).optional(),
  /** Only these orders (the ones a form has chosen), each with its lines when `with=order_products`. */
  ids: idListParam,
  with: z.enum(['order_products']).optional(),
  per_page: z.coerce.number().int().min(1).max(1000).default(1000),
});

export type PayableOrderQuery = z.infer<typeof payableOrderQuerySchema>;

/** What the vendor's earlier vouchers were paid to, for the form's autocomplete. */
export const historyQuerySchema = z.object({
  vendor: idParam,
  brand: idParam.optional(),
  'account-number': z.string().trim().max(50).optional(),
  search: z.string().trim().max(150).optional(),
});

export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** The slice a show asks for, if it asks for one. */
export function orderSliceOf(query: VoucherShowQuery): { offset: number; limit: number } | undefined {
  if (query.orders_offset === undefined && query.orders_limit === undefined) return undefined;
  return { offset: query.orders_offset ?? 0, limit: query.orders_limit ?? VOUCHER_ORDER_SLICE_MAX };
}
