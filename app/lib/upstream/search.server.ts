import { z } from 'zod';
import type { Upstream } from './client.server';

export const SEARCH_KINDS = [
  'order',
  'invoice',
  'customer',
  'product',
  'listing',
  'vendor',
  'voucher',
] as const;

const hitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  path: z.string(),
});
export type SearchHit = z.infer<typeof hitSchema>;

const groupSchema = z.object({ kind: z.enum(SEARCH_KINDS), hits: z.array(hitSchema) });
export type SearchGroup = z.infer<typeof groupSchema>;

export const searchApi = {
  /** Up to five hits of each kind the account may read. */
  search: (api: Upstream, { q }: { q: string }) =>
    api.call('/api/search', z.object({ data: z.array(groupSchema) }), { query: { q } }).then((r) => r.data),
};
