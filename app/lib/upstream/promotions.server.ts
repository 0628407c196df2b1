import { z } from 'zod';
import { paged, type Query, type Upstream } from './client.server';
import { requestLogSchema } from './request-log.server';

const statusCodeSchema = z.enum(['not_started', 'running', 'finished']);

/** A list row keeps what the list shows. */
export const promotionRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(['discount', 'amount']),
  value: z.number(),
  channel: z.string(),
  channel_name: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  ended_at: z.string().nullable(),
  ended_early: z.boolean(),
  status: z.string(),
  status_code: statusCodeSchema,
  can_update: z.boolean(),
  can_delete: z.boolean(),
  can_end: z.boolean(),
  product_count: z.number(),
});
export type PromotionRow = z.infer<typeof promotionRowSchema>;

const promotionProductSchema = z.object({
  product_id: z.number(),
  name: z.string(),
  sku: z.string(),
  price: z.number(),
  available_stock: z.number(),
  promo_stock: z.number(),
  purchase_limit: z.number(),
  units_sold: z.number(),
  gmv: z.number(),
  promo_stock_left: z.number(),
});

export const promotionSchema = promotionRowSchema.extend({
  products: z.array(promotionProductSchema),
  channel_request_log: requestLogSchema.nullable(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const productOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  sku: z.string(),
  price: z.number(),
  available_stock: z.number(),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

export type PromotionBody = {
  name: string;
  type: 'discount' | 'amount';
  value: number;
  channel: 'tokopedia' | 'shopee';
  /** Jakarta time, `YYYY-MM-DD HH:mm`. */
  start_at: string;
  end_at: string;
  products: { product_id: number; promo_stock: number; purchase_limit: number }[];
};

const saved = z.object({ message: z.string(), data: z.object({ id: z.number() }) });
const message = z.object({ message: z.string() });

/** A brand's promotions (docs/decisions/048). */
export const promotionApi = {
  list: (api: Upstream, { brandId, query }: { brandId: number; query: Query }) =>
    api.call(`/api/brand/${brandId}/promotion`, paged(promotionRowSchema), { query }),
  exportList: (api: Upstream, { brandId, query }: { brandId: number; query: Query }) =>
    api.download(`/api/brand/${brandId}/export/promotion`, { query }),
  show: (api: Upstream, { brandId, id }: { brandId: number; id: number }) =>
    api
      .call(`/api/brand/${brandId}/promotion/${id}`, z.object({ data: promotionSchema }))
      .then((r) => r.data),
  create: (
    api: Upstream,
    { brandId, body, formKey }: { brandId: number; body: PromotionBody; formKey?: string },
  ) => api.call(`/api/brand/${brandId}/promotion`, saved, { body, idempotencyKey: formKey }),
  update: (api: Upstream, { brandId, id, body }: { brandId: number; id: number; body: PromotionBody }) =>
    api.call(`/api/brand/${brandId}/promotion/${id}`, saved, { method: 'PUT', body }),
  end: (api: Upstream, { brandId, id }: { brandId: number; id: number }) =>
    api.call(`/api/brand/${brandId}/promotion/${id}/end`, saved, { method: 'PUT' }),
  remove: (api: Upstream, { brandId, id }: { brandId: number; id: number }) =>
    api.call(`/api/brand/${brandId}/promotion/${id}`, message, { method: 'DELETE' }),
  products: (api: Upstream, { brandId, search, ids }: { brandId: number; search?: string; ids?: number[] }) =>
    api
      .call(`/api/brand/${brandId}/promotion-product`, paged(productOptionSchema), {
        query: {
          search,
          ids: ids?.length ? ids.join(',') : undefined,
          per_page: ids?.length ? Math.min(ids.length, 500) : 50,
        },
      })
      .then((r) => r.data),
};
