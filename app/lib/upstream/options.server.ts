import { z } from 'zod';
import type { Upstream } from './client.server';

/** Only what a filter shows: the vendor list is long and travels to the browser with every page. */
const option = z.object({ id: z.number(), name: z.string() });
const optionList = z.object({ data: z.array(option) });

/** The filter lists of brand-side pages (spec: per_page 1000). */
export const optionsApi = {
  channels: (api: Upstream, { brandId }: { brandId: number }) =>
    api.call(`/api/brand/${brandId}/channel`, optionList).then((r) => r.data),
  vendors: (api: Upstream, { brandId }: { brandId: number }) =>
    api.call(`/api/brand/${brandId}/vendor`, optionList, { query: { per_page: 1000 } }).then((r) => r.data),
};
