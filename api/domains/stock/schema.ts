import { z } from 'zod';
import { dateRangeInOrder, dateRangeIssue, dayParam, idListParam, intField } from '../../http/params';
import { pageQuerySchema } from '../../http/pagination';
import { STOCK_MOVEMENT_KINDS } from '../../db/schema';

const text = (max: number) => z.string().trim().max(max);

/** A list that a form may post as `key[]=1&key[]=2` or one `key=1`, and JSON as an array. */
function listOf<T extends z.ZodTypeAny>(item: T, max: number) {
  return z.preprocess(
    (value) => (value === undefined || value === '' || Array.isArray(value) ? value : [value]),
    z.array(item).max(max).optional(),
  );
}

/** Most stock a vendor can hold of one product; a row above it is a typing slip, not a count. */
export const MAX_STOCK = 10_000_000;

/** The stock list: default order products.name ascending, 10 a page. */
export const productStockQuerySchema = pageQuerySchema.extend({
  sorted_by: z.string().max(50).optional(),
  with: z.union([z.string(), z.array(z.string())]).optional(),
  category: idListParam,
  vendor: idListParam,
  /** On the vendor side, only these of the vendor's brands (the brand a brand-side user works in). */
  brand: idListParam,
});

export type ProductStockQuery = z.infer<typeof productStockQuerySchema>;

/** The stock export keeps what the list's filters keep. */
export const stockExportQuerySchema = productStockQuerySchema.pick({
  search: true,
  category: true,
  vendor: true,
  brand: true,
});

export const productQuerySchema = productStockQuerySchema;

export const productBodySchema = z
  .object({
    name: text(255).min(1),
    sku: text(100).min(1),
    category_id: intField(1),
    vendor_price: intField(0, 1_000_000_000_000).optional(),
    is_active: z.boolean().optional(),
    photo_ids: listOf(intField(1), 5),
    sku_channel_ids: listOf(intField(1), 50),
  })
  .strict();

/**
 * A new product names its vendor price (the stock form's vendor price is required, docs/decisions/049); an update
 * may keep it.
 */
export const newProductBodySchema = productBodySchema.extend({
  vendor_price: intField(0, 1_000_000_000_000),
});

export type ProductBody = z.infer<typeof productBodySchema>;
export type NewProductBody = z.infer<typeof newProductBodySchema>;

/** The brand's stock form: the quantity on hand of each vendor (the vendor-stock modal). */
export const updateStockBodySchema = z
  .object({
    product_stocks: z
      .array(z.object({ vendor_id: intField(1), quantity: intField(0, MAX_STOCK) }).strict())
      .min(1)
      .max(1000),
  })
  .strict();

export type UpdateStockBody = z.infer<typeof updateStockBodySchema>;

/** A vendor's own update: the quantity on hand of each product (the Update modal, the inline edit). */
export const vendorStockUpdateBodySchema = z
  .object({
    product_stocks: z
      .array(z.object({ product_id: intField(1), quantity: intField(0, MAX_STOCK) }).strict())
      .min(1)
      .max(5000),
  })
  .strict();

export type VendorStockUpdateBody = z.infer<typeof vendorStockUpdateBodySchema>;

/** The adjust screen: a note, and a signed adjustment per product; stock after = start + adjustment. */
export const adjustmentBodySchema = z
  .object({
    note: text(500).min(1),
    items: z
      .array(
        z
          .object({
            product_id: intField(1),
            adjustment: intField(-MAX_STOCK, MAX_STOCK).refine((value) => value !== 0, {
              message: 'The adjustment field must not be 0.',
            }),
          })
          .strict(),
      )
      .min(1)
      .max(1000),
  })
  .strict();

export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;

/** The mutation screen: the ledger filtered by SKU, day range, vendor and kind, newest first. */
export const movementQuerySchema = pageQuerySchema
  .extend({
    order_by: z.enum(['asc', 'desc']).default('desc'),
    sku: text(100).optional(),
    'date-from': dayParam('date-from'),
    'date-to': dayParam('date-to'),
    vendor: idListParam,
    product: idListParam,
    kind: z
      .enum(STOCK_MOVEMENT_KINDS)
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .refine(dateRangeInOrder, dateRangeIssue);

export type MovementQuery = z.infer<typeof movementQuerySchema>;

export const skuChannelQuerySchema = pageQuerySchema.extend({
  sorted_by: z.string().max(50).optional(),
  channel: idListParam,
  /** `1`: only marketplace SKUs not linked to a catalogue product yet. */
  unlinked: z.enum(['0', '1']).optional(),
});

export type SkuChannelQuery = z.infer<typeof skuChannelQuerySchema>;

export const historyQuerySchema = z.object({
  notif: z.string().max(64).optional(),
  with: z.union([z.string(), z.array(z.string())]).optional(),
});

export const stockSettingBodySchema = z.object({ low_stock_weeks: intField(1, 52) }).strict();
