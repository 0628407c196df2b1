import { z } from 'zod';
import { pageParam } from './params';

export const pageQuerySchema = z.object({
  page: pageParam,
  per_page: z.coerce.number().int().min(1).max(1000).default(10),
  search: z.string().trim().max(200).optional(),
  order_by: z.enum(['asc', 'desc']).default('asc'),
});

export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Lists of orders and invoices open newest first (docs/decisions/018); a sort asked for keeps its direction. */
export const newestFirst = { order_by: z.enum(['asc', 'desc']).default('desc') };

export type PageMeta = {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
};

export function pageMeta({
  page,
  perPage,
  total,
  count,
}: {
  page: number;
  perPage: number;
  total: number;
  count: number;
}): PageMeta {
  const from = count > 0 ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + count - 1,
  };
}

/**
 * Past this many matching rows a log's total (the audit log, the stock ledger) is not counted further: such logs
 * grow with every write, and an exact count over millions of rows costs more than the page (docs/decisions/005,
 * 017). The first 1,000 pages of 10 are all reachable; the exports have every row.
 */
export const LOG_COUNT_CAP = 10_000;

export function offsetOf(query: { page: number; per_page: number }) {
  return (query.page - 1) * query.per_page;
}

/** Whitelists a sort column: an unknown `sorted_by` falls back to the default, never reaching SQL. */
export function sortColumn<K extends string>(
  allowed: Record<K, unknown>,
  requested: string | undefined,
  fallback: K,
): K {
  return requested && Object.hasOwn(allowed, requested) ? (requested as K) : fallback;
}
