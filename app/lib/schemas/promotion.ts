import { z } from 'zod';
import { INVALID, TOO_LONG, says } from './messages';

export const PROMOTION_TYPES = ['discount', 'amount'] as const;
export const PROMOTION_CHANNELS = ['tokopedia', 'shopee'] as const;

/** The list's tabs: Semua, Belum Selesai, Sedang Berjalan, Selesai, as the API's `status`. */
export const PROMOTION_TABS = ['', 'not_finished', 'running', 'finished'] as const;

const day = (required: string) =>
  z.string(says(required)).regex(/^\d{4}-\d{2}-\d{2}$/, 'promotion.dayInvalid');
const time = (required: string) =>
  z.string(says(required)).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'promotion.timeInvalid');
const units = (message: string) =>
  z.coerce.number({ invalid_type_error: message }).int(message).min(0, message).max(1_000_000, message);

const productRowSchema = z.object(
  {
    selected: z.literal('on', says(INVALID)).optional(),
    // A hidden field of each row: only a changed page sends anything else.
    product_id: z.coerce.number(says(INVALID)).int(INVALID).positive(INVALID),
    promo_stock: units('promotion.promoStockInvalid').default(0),
    purchase_limit: units('promotion.purchaseLimitInvalid').default(0),
  },
  says(INVALID),
);

/**
 * The promotion form of /promosi/create, on both sides: the rules a form can check alone; the
 * ones needing the catalogue or other promotions come back from the API as field errors.
 */
export const promotionFormSchema = z
  .object({
    intent: z.literal('save', says(INVALID)),
    name: z.string(says('promotion.nameRequired')).trim().min(1, 'promotion.nameRequired').max(150, TOO_LONG),
    type: z.enum(PROMOTION_TYPES, { errorMap: () => ({ message: 'promotion.typeRequired' }) }),
    value: z.coerce
      .number({ invalid_type_error: 'promotion.valuePositive', required_error: 'promotion.valuePositive' })
      .int('promotion.valuePositive')
      .min(1, 'promotion.valuePositive'),
    channel: z.enum(PROMOTION_CHANNELS, { errorMap: () => ({ message: 'promotion.channelRequired' }) }),
    start_date: day('promotion.startRequired'),
    start_time: time('promotion.startRequired'),
    end_date: day('promotion.endRequired'),
    end_time: time('promotion.endRequired'),
    products: z
      .array(productRowSchema, says('promotion.productsRequired'))
      .max(500, TOO_LONG)
      .default([])
      .refine((rows) => rows.some((row) => row.selected), 'promotion.productsRequired'),
  })
  .superRefine((value, context) => {
    if (value.type === 'discount' && value.value > 100) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'promotion.percentMax' });
    }
    if (`${value.end_date} ${value.end_time}` <= `${value.start_date} ${value.start_time}`) {
      context.addIssue({ code: 'custom', path: ['end_date'], message: 'promotion.endAfterStart' });
    }
  });

export type PromotionForm = z.infer<typeof promotionFormSchema>;

/** The detail page's other buttons, each after its confirmation dialog. */
export const promotionCommandSchema = z.object({ intent: z.enum(['end', 'delete'], says(INVALID)) });
