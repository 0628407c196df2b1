import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { validationFailed } from '../../api-error';
import { parseId } from '../../http/tenancy';
import { write } from '../../http/write';
import { markNotificationRead } from '../notification/service';
import { vendorScope } from '../order/service';
import { acceptOffer, listOffers, offerListQuerySchema, rejectOffer, showOffer } from './service';
import { WRITE_MESSAGE } from '../../http/messages';

const offerShowQuerySchema = z.object({
  notif: z.string().max(64).optional(),
  with: z.union([z.string(), z.array(z.string())]).optional(),
});

function offerId(c: Context<ApiEnv>) {
  return parseId(c.req.param('id'));
}

/** Invoice offers of a vendor under /api/vendor/{vendor}/invoice-offer-log… */
export const offerEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/invoice-offer-log',
    summary: 'Offers of the vendor (pending by default)',
    tag: 'offer',
    query: offerListQuerySchema,
    policy: { operation: 'offer.list', tenancy: 'vendor' },
    handle: async (c, { query }) => {
      const { scope } = await vendorScope(c);
      return c.json(await listOffers(c.var.deps.db, scope, query, c.var.deps.clock()));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/invoice-offer-log/{id}',
    summary: 'An offer with its invoice and lines',
    tag: 'offer',
    query: offerShowQuerySchema,
    policy: { operation: 'offer.list', tenancy: 'vendor' },
    handle: async (c, { query }) => {
      const { scope } = await vendorScope(c);
      const data = await showOffer(c.var.deps.db, scope, offerId(c), c.var.deps.clock());
      await markNotificationRead(c.var.deps, c.var.user, query.notif);
      return c.json({ data });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/vendor/{vendor}/invoice-offer-log/{id}/status/{decision}',
    summary: 'Accept (data.id is the new order) or reject the offer; 409 when it is no longer open',
    tag: 'offer',
    policy: { operation: 'offer.answer', tenancy: 'vendor' },
    handle: async (c) => {
      const { scope } = await vendorScope(c);
      const id = offerId(c);
      const decision = c.req.param('decision');
      if (decision === 'accept') {
        const order = await write(c, (work) => acceptOffer(work, { scope, offerId: id }));
        return c.json({ message: WRITE_MESSAGE.updated, data: { id: order.id } });
      }
      if (decision === 'reject') {
        const ttlMinutes = c.var.deps.config.OFFER_TTL_MINUTES;
        const { rejected } = await write(c, (work) => rejectOffer(work, { scope, offerId: id, ttlMinutes }));
        return c.json({ message: WRITE_MESSAGE.updated, data: { id: rejected.id } });
      }
      throw validationFailed({ status: ['The selected status is invalid.'] });
    },
  }),
]);
