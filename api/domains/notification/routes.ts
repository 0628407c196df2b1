import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../http/auth';
import type { ApiEnv } from '../../http/context';
import { pageParam } from '../../http/params';
import { readQuery, validate } from '../../http/validation';
import { listNotifications, readNotification } from './service';

const listQuerySchema = z.object({
  page: pageParam,
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

export const notificationRoutes = new Hono<ApiEnv>()
  .use(requireAuth)
  .get('/', async (c) => {
    const query = validate(listQuerySchema, readQuery(c));
    return c.json(await listNotifications(c.var.deps, c.var.user, query));
  })
  .get('/read-one/:id', async (c) =>
    c.json({ data: await readNotification(c.var.deps, c.var.user, c.req.param('id')) }),
  );
