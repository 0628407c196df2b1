import { z } from 'zod';
import { PROMOTION_TYPES } from '../../db/schema';
import { pageQuerySchema } from '../../http/pagination';
import {
  dateRangeInOrder,
  dateRangeIssue,
  dayParam,
  idListParam,
  intField,
  isCalendarDay,
} from '../../http/params';
import { PROMOTION_STATUS_FILTERS } from './status';

export const PROMOTION_CHANNELS = ['tokopedia', 'shopee'] as const;

/** The most products one promotion holds. */
export const PROMOTION_PRODUCTS_MAX = 500;

/** A promotion's promo stock or purchase limit at most. */
const UNITS_MAX = 1_000_000;

const JAKARTA_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** `YYYY-MM-DD HH:mm[:ss]` read as Jakarta time (no daylight saving, so +07:00 is exact), or null. */
export function jakartaInstant(text: string): Date | null {
  const match = JAKARTA_DATE_TIME.exec(text);
  if (!match || !isCalendarDay(match[1])) return null;
  return new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4] ?? '00'}+07:00`);
}

function jakartaDateTime(name: string) {
  return z
    .string()
    .trim()
    .min(1)
    .refine((text) => jakartaInstant(text) !== null, {
      message: `The ${name} field must match the format Y-m-d H:i.`,
    })
    .transform((text) => jakartaInstant(text) as Date);
}

const promotionProductSchema = z
  .object({
    product_id: intField(1),
    promo_stock: intField(0, UNITS_MAX),
    purchase_limit: intField(0, UNITS_MAX),
  })
  .strict();

/**
 * What a promotion is made of (the form of /promosi/create). The rules that need the database or the clock
 * (the product's price and stock, overlaps, a start still ahead) are the service's.
 */
export const promotionBodySchema = z
  .object({
    name: z.string().trim().min(1).max(150),
    type: z.enum(PROMOTION_TYPES),
    value: intField(1, 1_000_000_000_000),
    channel: z.enum(PROMOTION_CHANNELS),
    start_at: jakartaDateTime('start at'),
    end_at: jakartaDateTime('end at'),
    products: z.array(promotionProductSchema).min(1).max(PROMOTION_PRODUCTS_MAX),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.type === 'discount' && body.value > 100) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'The value field must not be greater than 100.',
      });
    }
    if (body.end_at.getTime() <= body.start_at.getTime()) {
      context.addIssue({
        code: 'custom',
        path: ['end_at'],
        message: 'The end at field must be a date after start at.',
      });
    }
  });

export type PromotionBody = z.infer<typeof promotionBodySchema>;

/** The list's filters (tabs, date range, name, type, channel), newest first by default. */
export const promotionListQuerySchema = pageQuerySchema
  .extend({
    status: z
      .enum(PROMOTION_STATUS_FILTERS)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    type: z
      .enum(PROMOTION_TYPES)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    channel: z
      .enum(PROMOTION_CHANNELS)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    'date-from': dayParam('date-from'),
    'date-to': dayParam('date-to'),
    sorted_by: z.string().max(50).optional(),
    order_by: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine(dateRangeInOrder, dateRangeIssue);

export type PromotionListQuery = z.infer<typeof promotionListQuerySchema>;

/** The brand's products a promotion may take, with what the form checks against: price and available stock. */
export const promotionProductQuerySchema = pageQuerySchema.extend({ ids: idListParam });

export type PromotionProductQuery = z.infer<typeof promotionProductQuerySchema>;
