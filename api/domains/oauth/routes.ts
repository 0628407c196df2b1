import { Hono } from 'hono';
import type { ApiEnv } from '../../http/context';
import { readBody, validate } from '../../http/validation';
import { grantSchema } from './schema';
import { checkClient, passwordGrant, refreshGrant } from './service';

export const oauthRoutes = new Hono<ApiEnv>().post('/token', async (c) => {
  const input = validate(grantSchema, await readBody(c));
  const deps = c.var.deps;
  checkClient(deps, input.client_id, input.client_secret);
  const ip = c.var.clientIp;
  const tokens =
    input.grant_type === 'password'
      ? await passwordGrant(deps, {
          username: input.username,
          password: input.password,
          clientId: input.client_id,
          ip,
        })
      : await refreshGrant(deps, { refreshToken: input.refresh_token, clientId: input.client_id, ip });
  c.header('Cache-Control', 'no-store');
  return c.json(tokens);
});
