import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../http/auth';
import type { ApiEnv } from '../../http/context';
import { forbidden } from '../../http/errors';
import { readBody, validate } from '../../http/validation';
import { mayListen } from './channels';

const authSchema = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/, 'The socket id field format is invalid.'),
  channel_name: z.string().min(1).max(200),
});

export const broadcastingRoutes = new Hono<ApiEnv>().use(requireAuth).post('/auth', async (c) => {
  const input = validate(authSchema, await readBody(c));
  if (!(await mayListen(c.var.deps.db, c.var.user, input.channel_name))) throw forbidden();
  return c.json(c.var.deps.signer.authorize(input.socket_id, input.channel_name));
});
