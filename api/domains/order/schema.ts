import { z } from 'zod';
import {
  dateRangeInOrder,
  dateRangeIssue,
  dayParam,
  flagParam,
  idListParam,
  idParam,
  intField,
  textListParam,
} from '../../http/params';
import { newestFirst, pageQuerySchema } from '../../http/pagination';

/** The filters every order, invoice and customer list shares, as the spec's query names. */
export const listFilterShape = {
  sorted_by: z.string().max(50).optional(),
  'date-from': dayParam('date-from'),
  'date-to': dayParam('date-to'),
  channel: idListParam,
  'with-canceled': flagParam,
  'customer-name': z.string().trim().max(200).optional(),
  notif: z.string().max(64).optional(),
  with: z.union([z.string(), z.array(z.string())]).optional(),
};

export const orderListQuerySchema = pageQuerySchema
  .extend({
    ...listFilterShape,
    ...newestFirst,
    vendor: idListParam,
    category: idListParam,
    status: textListParam,
    'with-canceled-invoice': flagParam,
    // The orders of one vendor payment (the vendor's payment notification opens them).
    'send-payment': idParam.optional(),
  })
  .refine(dateRangeInOrder, dateRangeIssue);

export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** The card takes the list's filters; paging and sorting mean nothing to it. */
export const orderCardQuerySchema = orderListQuerySchema;

export const vendorOptionsQuerySchema = pageQuerySchema.extend({ sorted_by: z.string().max(50).optional() });

const text = (max: number) => z.string().trim().max(max);

/**
 * Form posts name arrays `photo_ids[]` and send every value as text; JSON sends numbers. Both arrive here
 * the same way.
 */
const photoIds = z.preprocess(
  (value) => (value === undefined || Array.isArray(value) ? value : [value]),
  z.array(intField(1)).max(10).optional(),
);

export const statusBodySchema = z
  .object({
    shipping_number: text(100).optional(),
    photo_ids: photoIds,
    receiver_name: text(150).optional(),
  })
  .strict();

export type StatusBody = z.infer<typeof statusBodySchema>;

export const bulkStatusBodySchema = statusBodySchema
  .extend({
    order_ids: z.preprocess(
      (value) => (value === undefined || Array.isArray(value) ? value : [value]),
      z.array(intField(1)).min(1).max(100),
    ),
  })
  .strict();

export type BulkStatusBody = z.infer<typeof bulkStatusBodySchema>;

export const changeVendorBodySchema = z.object({ vendor_id: intField(1) }).strict();

export const replaceProductBodySchema = z
  .object({
    order_products: z
      .array(
        z
          .object({
            id: intField(1),
            quantity: intField(1, 1_000_000),
            note: text(500).nullish(),
          })
          .strict(),
      )
      .min(1)
      .max(200),
  })
  .strict();

export type ReplaceProductBody = z.infer<typeof replaceProductBodySchema>;

/** `photo_ids[]` → `photo_ids`, `order_ids[]` → `order_ids`: the names form posts use for arrays. */
export function normaliseArrayKeys(body: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) out[key.endsWith('[]') ? key.slice(0, -2) : key] = value;
  return out;
}
