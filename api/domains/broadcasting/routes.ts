import { z } from 'zod';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { forbidden } from '../../api-error';
import { mayListen } from './channels';

const authSchema = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/, 'The socket id field format is invalid.'),
  channel_name: z.string().min(1).max(200),
});

/** Signs the account's own private channel subscriptions; which channel it may hear is the channel's rule. */
export const broadcastingEndpoints = endpointGroup([
  endpoint({
    method: 'post',
    path: '/api/broadcasting/auth',
    summary: 'Sign a private channel subscription',
    tag: 'realtime',
    body: authSchema,
    policy: { operation: 'account.self', tenancy: 'none' },
    handle: async (c, { body }) => {
      if (!(await mayListen(c.var.deps.db, c.var.user, body.channel_name))) throw forbidden();
      return c.json(c.var.deps.signer.authorize(body.socket_id, body.channel_name));
    },
  }),
]);
