import { z } from 'zod';

/** One box for every kind: at least two characters, so a single letter never walks a whole table. */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(2).max(100),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const SEARCH_KINDS = [
  'order',
  'invoice',
  'customer',
  'product',
  'listing',
  'vendor',
  'voucher',
] as const;

export type SearchKind = (typeof SEARCH_KINDS)[number];

export type SearchHit = { kind: SearchKind; id: number; title: string; subtitle: string; path: string };
