import { z } from 'zod';

/** A whole number of units from 0; the stock update modal takes "1.234" with dot thousands too. */
const quantity = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().replace(/\./g, '') : value),
  z.coerce
    .number({ invalid_type_error: 'stock.quantityWhole', required_error: 'stock.quantityRequired' })
    .int('stock.quantityWhole')
    .min(0, 'stock.quantityWhole')
    .max(10_000_000, 'stock.quantityWhole'),
);

export const setQuantitySchema = z.object({
  intent: z.enum(['set-quantity', 'update']),
  product_id: z.string({ required_error: 'stock.productRequired' }).regex(/^\d+$/, 'stock.productRequired'),
  quantity,
});

export const settingSchema = z.object({
  intent: z.literal('setting'),
  low_stock_weeks: z.coerce
    .number({ invalid_type_error: 'stock.weeksRange' })
    .int('stock.weeksRange')
    .min(1, 'stock.weeksRange')
    .max(52, 'stock.weeksRange'),
});

/** The vendor-stock modal of the stock form: vendor and quantity required. */
export const vendorStockSchema = z.object({
  intent: z.literal('vendor-stock'),
  vendor_id: z.coerce
    .number({ invalid_type_error: 'stock.vendorRequired' })
    .int()
    .positive('stock.vendorRequired'),
  quantity,
});

/** The stock form (spec 001 §5): the spec's own messages, as i18n keys. */
export const productSchema = z.object({
  intent: z.literal('save'),
  name: z.string({ required_error: 'stock.nameRequired' }).trim().min(1, 'stock.nameRequired').max(255),
  sku: z.string({ required_error: 'stock.skuRequired' }).trim().min(1, 'stock.skuRequired').max(100),
  category_id: z.coerce
    .number({ invalid_type_error: 'stock.categoryRequired', required_error: 'stock.categoryRequired' })
    .int()
    .positive('stock.categoryRequired'),
  vendor_price: z.coerce
    .number({ invalid_type_error: 'stock.vendorPriceRequired', required_error: 'stock.vendorPriceRequired' })
    .int('stock.vendorPriceRequired')
    .min(0, 'stock.vendorPriceRequired'),
  sku_channel_ids: z.array(z.coerce.number().int().positive()).max(50).default([]),
  keep_photo_ids: z.array(z.coerce.number().int().positive()).max(5).default([]),
});

/** The adjust screen: a note, and a signed whole adjustment per row (empty rows are left out). */
export const adjustSchema = z.object({
  intent: z.enum(['preview', 'adjust']),
  vendor_id: z.coerce.number().int().positive(),
  note: z.string({ required_error: 'stock.noteRequired' }).trim().min(1, 'stock.noteRequired').max(500),
  items: z
    .array(
      z.object({
        product_id: z.coerce.number().int().positive(),
        start: z.coerce.number().int(),
        adjustment: z.preprocess(
          (value) => (value === '' || value === undefined ? 0 : value),
          z.coerce.number({ invalid_type_error: 'stock.adjustmentWhole' }).int('stock.adjustmentWhole'),
        ),
      }),
    )
    .default([]),
});
