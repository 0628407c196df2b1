import { z } from 'zod';
import { PROMOTION_CHANNELS, PROMOTION_TYPES } from '../promotion/options';
import { INVALID, TOO_LONG, says } from './messages';

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
    intent: z.literal('save', says(INVALID)).default('save'),
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

/**
 * The product picker's own submits, which keep everything typed and ticked: a product search (`q`), ticking every
 * row shown, and clearing the ticks. Only `save` sends the promotion.
 */
export const PROMOTION_PICK_INTENTS = ['search-products', 'select-all', 'clear-products'] as const;

export type PromotionPickIntent = (typeof PROMOTION_PICK_INTENTS)[number];

/** A row as the picker keeps it between its steps: whatever was typed in a number field is kept as typed. */
const pickedRowSchema = z.object({
  selected: z.literal('on').optional().catch(undefined),
  product_id: z.coerce.number().int().positive(),
  promo_stock: z.string().max(20).optional().catch(undefined),
  purchase_limit: z.string().max(20).optional().catch(undefined),
});

/** What the picker's steps (and a refused save) read back of the form: leniently, as nothing is saved by them. */
const promotionDraftSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
  name: z.string().max(150).optional().catch(undefined),
  type: z.string().max(20).optional().catch(undefined),
  value: z.string().max(20).optional().catch(undefined),
  channel: z.string().max(20).optional().catch(undefined),
  start_date: z.string().max(10).optional().catch(undefined),
  start_time: z.string().max(5).optional().catch(undefined),
  end_date: z.string().max(10).optional().catch(undefined),
  end_time: z.string().max(5).optional().catch(undefined),
  products: z
    .array(z.unknown())
    .max(500)
    .default([])
    .catch([])
    .transform((rows) =>
      rows.flatMap((row) => {
        const parsed = pickedRowSchema.safeParse(row);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
});

export const promotionPickSchema = promotionDraftSchema.extend({
  intent: z.enum(PROMOTION_PICK_INTENTS, says(INVALID)),
});

/** The detail page's other buttons, each after its confirmation dialog. */
export const promotionCommandSchema = z.object({ intent: z.enum(['end', 'delete'], says(INVALID)) });
