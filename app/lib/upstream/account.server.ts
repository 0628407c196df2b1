import { z } from 'zod';
import { pageMetaSchema, paged, type Upstream } from './client.server';

const mediaSchema = z.object({ id: z.number(), name: z.string(), url: z.string() });

export const accountSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  mobile_phone: z.string().nullable(),
  photo: mediaSchema.nullable(),
  role_id: z.number(),
  role_name: z.string(),
  vendor_id: z.number().nullable(),
  vendor_name: z.string().nullable(),
  brand_id: z.number().nullable(),
  current_brand_id: z.number().nullable(),
  current_brand_name: z.string().nullable(),
  permissions: z.array(z.string()),
  is_special_account: z.boolean(),
  total_unread_notification: z.number(),
});
export type Account = z.infer<typeof accountSchema>;
const accountResponse = z.object({ data: accountSchema });

const notificationSchema = z.object({
  id: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  data: z.object({
    web: z.object({ type: z.string(), route: z.string(), brand: z.object({ id: z.number().nullable() }) }),
    notification: z.object({
      title: z.string(),
      description: z.string(),
      timestamp: z.string(),
      order_id: z.number().nullish(),
      invoice_offer_log_id: z.number().nullish(),
      update_stock_history_id: z.number().nullish(),
    }),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;

const messageSchema = z.object({ message: z.string() });
const optionSchema = z.object({ id: z.number(), name: z.string() });
const performanceSchema = z.object({
  data: z.object({
    sla_hours: z.number().nullable(),
    in_stock_rate: z.number().nullable(),
    on_time_rate: z.number().nullable(),
    period_days: z.number(),
  }),
});

/** The signed-in account: its profile, brands, notifications and (for a vendor) performance. */
export const accountApi = {
  show: (api: Upstream) => api.call('/api/account', accountResponse).then((r) => r.data),
  update: (api: Upstream, body: { name: string; mobile_phone?: string; photo_id?: number | null }) =>
    api.call('/api/account', messageSchema, { body }),
  changePassword: (
    api: Upstream,
    body: { old_password: string; password: string; password_confirmation: string },
  ) => api.call('/api/account/change-password', messageSchema, { body }),
  changeBrand: (api: Upstream, { brandId }: { brandId: number }) =>
    api.call('/api/account/change-brand', messageSchema, { body: { brand_id: brandId } }),
  logout: (api: Upstream) => api.call('/api/account/logout', messageSchema, { method: 'POST' }),
  notifications: (api: Upstream, query: { page: number; per_page?: number }) =>
    api.call(
      '/api/account/notification',
      z.object({ data: z.array(notificationSchema), meta: pageMetaSchema }),
      {
        query: { per_page: 10, ...query },
      },
    ),
  readNotification: (api: Upstream, { id }: { id: string }) =>
    api
      .call(
        `/api/account/notification/read-one/${encodeURIComponent(id)}`,
        z.object({ data: notificationSchema }),
      )
      .then((r) => r.data),
  brands: (api: Upstream, query: { search?: string; page?: number; per_page?: number } = {}) =>
    api.call('/api/select/brand', paged(optionSchema), { query: { per_page: 10, ...query } }),
  vendorPerformance: (api: Upstream, { vendorId }: { vendorId: number }) =>
    api.call(`/api/vendor/${vendorId}/performance`, performanceSchema).then((r) => r.data),
};
