import { z } from 'zod';
import { call } from './client.server';

/** Only what a filter shows: the vendor list is long and travels to the browser with every page. */
const option = z.object({ id: z.number(), name: z.string() });
const optionList = z.object({ data: z.array(option) });

/** The filter lists of brand-side pages (spec: per_page 1000). */
export const optionsApi = {
  channels: (token: string, brandId: number) =>
    call(`/api/brand/${brandId}/channel`, optionList, { token }).then((r) => r.data),
  vendors: (token: string, brandId: number) =>
    call(`/api/brand/${brandId}/vendor`, optionList, {
      token,
      query: { per_page: 1000 },
    }).then((r) => r.data),
};
