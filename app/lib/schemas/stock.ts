import { z } from 'zod';
import { INVALID, says, TOO_LONG } from './messages';

/** A whole number of units from 0; the stock update modal takes "1.234" with dot thousands too. */
const quantity = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().replace(/\./g, '') : value),
  z.coerce
    .number(says('stock.quantityWhole'))
    .int('stock.quantityWhole')
    .min(0, 'stock.quantityWhole')
    .max(10_000_000, 'stock.quantityWhole'),
);

export const setQuantitySchema = z.object({
  intent: z.enum(['set-quantity', 'update'], says(INVALID)),
  product_id: z.string(says('stock.productRequired')).regex(/^\d+$/),
  quantity,
});

export const settingSchema = z.object({
  intent: z.literal('setting', says(INVALID)),
  low_stock_weeks: z.coerce.number(says('stock.weeksRange')).int().min(1).max(52),
});

/** The vendor-stock modal of the stock form: vendor and quantity required. */
export const vendorStockSchema = z.object({
  intent: z.literal('vendor-stock', says(INVALID)),
  vendor_id: z.coerce.number(says('stock.vendorRequired')).int().positive(),
  quantity,
});

/** The stock form: the product's own messages, as i18n keys. */
export const productSchema = z.object({
  intent: z.literal('save', says(INVALID)),
  name: z.string(says('stock.nameRequired')).trim().min(1).max(255, TOO_LONG),
  sku: z.string(says('stock.skuRequired')).trim().min(1).max(100, TOO_LONG),
  category_id: z.coerce.number(says('stock.categoryRequired')).int().positive(),
  // Required (docs/decisions/049): blank is refused, never read as 0.
  vendor_price: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number(says('stock.vendorPriceRequired')).int().min(0),
  ),
  sku_channel_ids: z
    .array(z.coerce.number(says(INVALID)).int().positive(), says(INVALID))
    .max(50)
    .default([]),
  keep_photo_ids: z
    .array(z.coerce.number(says(INVALID)).int().positive(), says(INVALID))
    .max(5, 'stock.tooManyPhotos')
    .default([]),
});

/**
 * The adjust screen: a note, and a signed whole adjustment per row (empty rows are left out). "Hitung" (preview)
 * only computes the stock after, so the note is asked for when saving.
 */
export const adjustSchema = z
  .object({
    intent: z.enum(['preview', 'adjust'], says(INVALID)),
    vendor_id: z.coerce.number(says('stock.vendorRequired')).int().positive(),
    note: z.string(says('stock.noteRequired')).trim().max(500, TOO_LONG).optional(),
    items: z
      .array(
        z.object(
          {
            product_id: z.coerce.number(says(INVALID)).int().positive(),
            start: z.coerce.number(says(INVALID)).int(),
            adjustment: z.preprocess(
              (value) => (value === '' || value === undefined ? 0 : value),
              z.coerce.number(says('stock.adjustmentWhole')).int(),
            ),
          },
          says(INVALID),
        ),
        says(INVALID),
      )
      .default([]),
  })
  .superRefine((value, context) => {
    if (value.intent === 'adjust' && !value.note) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ['note'], message: 'stock.noteRequired' });
    }
  });

/** Photos a stock product may have. */
export const MAX_PHOTOS = 5;
