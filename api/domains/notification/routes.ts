import { z } from 'zod';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { pageParam } from '../../http/params';
import { listNotifications, readNotification } from './service';

const listQuerySchema = z.object({
  page: pageParam,
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

const self = { operation: 'account.self', tenancy: 'none' } as const;

/** The signed-in account's own notifications. */
export const notificationEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/account/notification',
    summary: 'Notifications, newest first',
    tag: 'notification',
    query: listQuerySchema,
    policy: self,
    handle: async (c, { query }) => c.json(await listNotifications(c.var.deps, c.var.user, query)),
  }),
  endpoint({
    method: 'get',
    path: '/api/account/notification/read-one/{id}',
    summary: 'Mark one notification read',
    tag: 'notification',
    policy: self,
    handle: async (c) =>
      c.json({ data: await readNotification(c.var.deps, c.var.user, c.req.param('id') ?? '') }),
  }),
]);
