import { eq } from 'drizzle-orm';
import { channels } from '../../db/schema';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { parseId } from '../../http/tenancy';
import { write } from '../../http/write';
import { shippingListQuerySchema, shippingUpdateSchema } from './schema';
import { listShippingMethods, serializeShippingMethod, setShippingMethodActive } from './service';
import { WRITE_MESSAGE } from '../../http/messages';

/**
 * Shipping methods per channel (the Pengiriman settings): anyone signed in reads them (an order shows the
 * ones switched on); administrators switch them.
 */
export const shippingEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/shipping-method',
    summary: 'Shipping methods per channel (channel, active=1)',
    tag: 'shipping',
    query: shippingListQuerySchema,
    policy: { operation: 'shipping.list', tenancy: 'shared' },
    handle: async (c, { query }) => c.json(await listShippingMethods(c.var.deps.db, query)),
  }),
  endpoint({
    method: 'put',
    path: '/api/shipping-method/{id}',
    summary: 'Switch a shipping method on or off',
    tag: 'shipping',
    body: shippingUpdateSchema,
    // The couriers are the platform's, shared by every brand: only administrators switch them.
    policy: { operation: 'shipping.update', tenancy: 'shared' },
    handle: async (c, { body }) => {
      const id = parseId(c.req.param('id'));
      const method = await write(c, (work) => setShippingMethodActive(work, id, body.is_active));
      const [channel] = await c.var.deps.db
        .select({ name: channels.name })
        .from(channels)
        .where(eq(channels.id, method.channelId));
      return c.json({
        message: WRITE_MESSAGE.updated,
        data: serializeShippingMethod({ method, channelName: channel.name }),
      });
    },
  }),
]);
