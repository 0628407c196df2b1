import { z } from 'zod';
import { env } from './env.server';
import { call, pageMetaSchema, paged } from './upstream/client.server';

export { UpstreamError } from './upstream/client.server';

const tokenSchema = z.object({ access_token: z.string(), refresh_token: z.string(), expires_in: z.number() });
export type TokenSet = z.infer<typeof tokenSchema>;

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
const brandOptionsPage = paged(optionSchema);

export const upstream = {
  passwordGrant: (input: { username: string; password: string }, clientIp: string) =>
    call('/oauth/token', tokenSchema, {
      clientIp,
      body: {
        grant_type: 'password',
        username: input.username,
        password: input.password,
        client_id: env.OAUTH_CLIENT_ID,
        client_secret: env.OAUTH_CLIENT_SECRET,
        scope: '*',
      },
    }),
  refreshGrant: (refreshToken: string) =>
    call('/oauth/token', tokenSchema, {
      body: {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: env.OAUTH_CLIENT_ID,
        client_secret: env.OAUTH_CLIENT_SECRET,
      },
    }),
  account: (token: string) => call('/api/account', accountResponse, { token }).then((r) => r.data),
  updateAccount: (token: string, body: { name: string; mobile_phone?: string; photo_id?: number | null }) =>
    call('/api/account', messageSchema, { token, body }),
  changePassword: (
    token: string,
    body: { old_password: string; password: string; password_confirmation: string },
  ) => call('/api/account/change-password', messageSchema, { token, body }),
  changeBrand: (token: string, brandId: number) =>
    call('/api/account/change-brand', messageSchema, { token, body: { brand_id: brandId } }),
  logout: (token: string) => call('/api/account/logout', messageSchema, { token, method: 'POST' }),
  forgotPassword: (body: { email: string; url: string }, clientIp: string) =>
    call(
      '/api/forgot-password',
      z.object({ data: z.object({ success: z.boolean(), message: z.string() }) }),
      {
        body,
        clientIp,
      },
    ),
  resetPassword: (
    body: { token: string; email: string; password: string; password_confirmation: string },
    clientIp: string,
  ) => call('/api/reset-password', messageSchema, { body, clientIp }),
  notifications: (token: string, query: { page: number; per_page?: number }) =>
    call('/api/account/notification', z.object({ data: z.array(notificationSchema), meta: pageMetaSchema }), {
      token,
      query: { per_page: 10, ...query },
    }),
  readNotification: (token: string, id: string) =>
    call(
      `/api/account/notification/read-one/${encodeURIComponent(id)}`,
      z.object({ data: notificationSchema }),
      {
        token,
      },
    ).then((r) => r.data),
  selectBrands: (token: string, query: { search?: string; page?: number; per_page?: number } = {}) =>
    call('/api/select/brand', brandOptionsPage, {
      token,
      query: { per_page: 10, ...query },
    }),
  uploadMedia: (token: string, file: File) => {
    const form = new FormData();
    form.set('file', file);
    form.set('disk', 'public');
    form.set('path', 'file');
    return call('/api/media', z.object({ data: mediaSchema }), { token, body: form }).then((r) => r.data);
  },
  broadcastingAuth: (token: string, body: { socket_id: string; channel_name: string }) =>
    call('/api/broadcasting/auth', z.object({ auth: z.string(), channel_data: z.string().optional() }), {
      token,
      body,
    }),
  vendorPerformance: (token: string, vendorId: number) =>
    call(
      `/api/vendor/${vendorId}/performance`,
      z.object({
        data: z.object({
          sla_hours: z.number().nullable(),
          in_stock_rate: z.number().nullable(),
          on_time_rate: z.number().nullable(),
          period_days: z.number(),
        }),
      }),
      { token },
    ).then((r) => r.data),
};
