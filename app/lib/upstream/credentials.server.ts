import { z } from 'zod';
import { env } from '../env.server';
import type { Upstream } from './client.server';

const tokenSchema = z.object({ access_token: z.string(), refresh_token: z.string(), expires_in: z.number() });
export type TokenSet = z.infer<typeof tokenSchema>;

const messageSchema = z.object({ message: z.string() });
const forgotPasswordSchema = z.object({ data: z.object({ success: z.boolean(), message: z.string() }) });

/** The calls made without a session's token: each carries credentials of its own. */
export const credentialsApi = {
  passwordGrant: (api: Upstream, { username, password }: { username: string; password: string }) =>
    api.call('/oauth/token', tokenSchema, {
      body: {
        grant_type: 'password',
        username,
        password,
        client_id: env.OAUTH_CLIENT_ID,
        client_secret: env.OAUTH_CLIENT_SECRET,
        scope: '*',
      },
    }),
  refreshGrant: (api: Upstream, { refreshToken }: { refreshToken: string }) =>
    api.call('/oauth/token', tokenSchema, {
      body: {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: env.OAUTH_CLIENT_ID,
        client_secret: env.OAUTH_CLIENT_SECRET,
      },
    }),
  forgotPassword: (api: Upstream, body: { email: string; url: string }) =>
    api.call('/api/forgot-password', forgotPasswordSchema, { body }),
  resetPassword: (
    api: Upstream,
    body: { token: string; email: string; password: string; password_confirmation: string },
  ) => api.call('/api/reset-password', messageSchema, { body }),
};
