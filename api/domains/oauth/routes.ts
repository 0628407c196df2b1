import { endpoint, endpointGroup } from '../../http/endpoints';
import { grantSchema } from './schema';
import { checkClient, passwordGrant, refreshGrant } from './service';

/** The password and refresh-token grants of the web client. */
export const oauthEndpoints = endpointGroup([
  endpoint({
    method: 'post',
    path: '/oauth/token',
    summary: 'Password or refresh_token grant',
    tag: 'auth',
    body: grantSchema,
    policy: { public: true },
    handle: async (c, { body }) => {
      const deps = c.var.deps;
      checkClient(deps, body.client_id, body.client_secret);
      const ip = c.var.clientIp;
      const tokens =
        body.grant_type === 'password'
          ? await passwordGrant(deps, {
              username: body.username,
              password: body.password,
              clientId: body.client_id,
              ip,
            })
          : await refreshGrant(deps, { refreshToken: body.refresh_token, clientId: body.client_id, ip });
      c.header('Cache-Control', 'no-store');
      return c.json(tokens);
    },
  }),
]);
