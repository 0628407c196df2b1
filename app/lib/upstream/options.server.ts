import { z } from 'zod';
import { call } from './client.server';

const option = z.object({ id: z.number(), name: z.string() }).passthrough();

/** The filter lists of brand-side pages (spec: per_page 1000). */
export const optionsApi = {
  channels: (token: string, brandId: number) =>
    call(`/api/brand/${brandId}/channel`, z.object({ data: z.array(option) }), { token }).then((r) => r.data),
  vendors: (token: string, brandId: number) =>
    call(`/api/brand/${brandId}/vendor`, z.object({ data: z.array(option) }), {
      token,
      query: { per_page: 1000 },
    }).then((r) => r.data),
};
