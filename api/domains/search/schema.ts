import { z } from 'zod';
import { SEARCH_MAX, SEARCH_MIN } from '../../../contract/search';

/** One box for every kind (the limits: contract/search.ts). */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(SEARCH_MIN).max(SEARCH_MAX),
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
