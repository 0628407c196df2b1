import { orderStatusCodeOf } from '../order/service';
import { z } from 'zod';
import type { OrderStatusCode } from '../../db/schema';
import { idParam, isCalendarDay, pageParam } from '../../http/params';
import { addDays, daysBetween, defaultRange, lastRange, type DayRange, type Period } from './period';

/** The longest range a widget answers: two years of days, so a chart never grows without bound. */
export const MAX_RANGE_DAYS = 731;
const MAX_IDS = 500;

const day = z.string().trim().refine(isCalendarDay, {
  message: 'The date field must match the format Y-m-d.',
});

/** `channel[]=1&channel[]=2` arrives as an array, `channel=1` as a string; empty values mean "not given". */
function listOf(raw: unknown): unknown {
  if (raw === undefined || raw === null) return undefined;
  const values = (Array.isArray(raw) ? raw : [raw]).filter((value) => value !== '');
  return values.length ? values : undefined;
}

const idList = z.preprocess(listOf, z.array(idParam).max(MAX_IDS).optional());

const widgetFields = z.object({
  'date-from': day.optional(),
  'date-to': day.optional(),
  channel: idList,
  category: idList,
  vendor: idList,
});

function rangeIssues(query: { 'date-from'?: string; 'date-to'?: string }, context: z.RefinementCtx) {
  // A day that failed its own check has its issue already, and no range to measure.
  if ([query['date-from'], query['date-to']].some((day) => day !== undefined && !isCalendarDay(day))) return;
  const { from, to } = rangeOf(query, new Date(0));
  if (from > to) {
    context.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['date-to'],
      message: 'The date-to field must be a date after or equal to date-from.',
    });
  } else if (daysBetween(from, to) >= MAX_RANGE_DAYS) {
    context.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['date-to'],
      message: `The date range must not be longer than ${MAX_RANGE_DAYS} days.`,
    });
  }
}

/** Date range and the filters every widget takes; `vendor` only narrows brand-side calls. */
export const widgetQuerySchema = widgetFields.superRefine(rangeIssues);

export type WidgetQuery = z.infer<typeof widgetQuerySchema>;

/** The range asked for: both ends given, one end with a 7-day window at the other, or the last 7 days. */
export function rangeOf(query: Pick<WidgetQuery, 'date-from' | 'date-to'>, now: Date): DayRange {
  const from = query['date-from'];
  const to = query['date-to'];
  if (from && to) return { from, to };
  if (from) return { from, to: addDays(from, 6) };
  if (to) return { from: addDays(to, -6), to };
  return defaultRange(now);
}

export function periodOf(query: Pick<WidgetQuery, 'date-from' | 'date-to'>, now: Date): Period {
  const current = rangeOf(query, now);
  return { current, last: lastRange(current) };
}

/** `status=Selesai`, `status[]=Selesai&status[]=Diproses Vendor`, or the list comma-separated. */
function statusList(raw: unknown): unknown {
  const values = listOf(raw);
  if (!Array.isArray(values)) return values;
  return values.flatMap((value) => (typeof value === 'string' ? value.split(',') : [value]));
}

const statusFilter = z.preprocess(
  statusList,
  z
    .array(
      z
        .string()
        .trim()
        .refine((value) => orderStatusCodeOf(value) !== undefined, {
          message: 'The selected status is invalid.',
        })
        .transform((value) => orderStatusCodeOf(value) as OrderStatusCode),
    )
    .max(20)
    .optional(),
);

/** Invoice and order counts take a status filter; without one they count new orders (Pesanan Baru). */
const statusFields = widgetFields.extend({ status: statusFilter });
export const statusQuerySchema = statusFields.superRefine(rangeIssues);

const tableFields = {
  page: pageParam,
  per_page: z.coerce.number().int().min(1).max(1000).default(5),
  search: z.string().trim().max(200).optional(),
  sorted_by: z.string().max(50).optional(),
  order_by: z.enum(['asc', 'desc']).default('desc'),
};

export const tableQuerySchema = widgetFields.extend(tableFields).superRefine(rangeIssues);
export const statusTableQuerySchema = statusFields.extend(tableFields).superRefine(rangeIssues);

export type TableQuery = z.infer<typeof tableQuerySchema>;

/** The branch dashboard: branches (vendor area cities) and an explicit comparison range. */
export const branchQuerySchema = widgetFields
  .extend({
    city: z.preprocess(listOf, z.array(z.string().trim().min(1).max(100)).max(MAX_IDS).optional()),
    'compare-from': day.optional(),
    'compare-to': day.optional(),
  })
  .superRefine((query, context) => {
    rangeIssues(query, context);
    const compareFrom = query['compare-from'];
    const compareTo = query['compare-to'];
    if (!compareFrom !== !compareTo) {
      const missing = compareFrom ? 'compare-to' : 'compare-from';
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: [missing],
        message: `The ${missing} field is required when ${missing === 'compare-to' ? 'compare-from' : 'compare-to'} is present.`,
      });
    } else if (compareFrom && compareTo && compareFrom > compareTo) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['compare-to'],
        message: 'The compare-to field must be a date after or equal to compare-from.',
      });
    } else if (compareFrom && compareTo && daysBetween(compareFrom, compareTo) >= MAX_RANGE_DAYS) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['compare-to'],
        message: `The date range must not be longer than ${MAX_RANGE_DAYS} days.`,
      });
    }
  });

export type BranchQuery = z.infer<typeof branchQuerySchema>;

/** The branch comparison: the range given as compare-from/compare-to, else the usual range just before. */
export function branchPeriodOf(query: BranchQuery, now: Date): Period {
  const period = periodOf(query, now);
  const from = query['compare-from'];
  const to = query['compare-to'];
  return from && to ? { current: period.current, last: { from, to } } : period;
}
