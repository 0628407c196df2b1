import { Hono } from 'hono';
import { authenticated } from '../../http/auth';
import { z } from 'zod';
import type { ApiEnv } from '../../http/context';
import { validationFailed } from '../../http/errors';
import { parseId, requireVendorActor } from '../../http/tenancy';
import { readQuery, validate } from '../../http/validation';
import { write } from '../../http/write';
import { markNotificationRead } from '../notification/service';
import { vendorScope } from '../order/service';
import { acceptOffer, listOffers, offerListQuerySchema, rejectOffer, showOffer } from './service';

const UPDATED = 'Data berhasil diubah';

const offerShowQuerySchema = z.object({
  notif: z.string().max(64).optional(),
  with: z.union([z.string(), z.array(z.string())]).optional(),
});

/** Invoice offers of a vendor under /api/vendor/{vendor}/invoice-offer-log… */
export const vendorOfferRoutes = new Hono<ApiEnv>()
  .use(authenticated)
  .get('/:vendor/invoice-offer-log', async (c) => {
    const { scope } = await vendorScope(c);
    const query = validate(offerListQuerySchema, readQuery(c));
    return c.json(await listOffers(c.var.deps.db, scope, query, c.var.deps.clock()));
  })
  .get('/:vendor/invoice-offer-log/:id', async (c) => {
    const { scope } = await vendorScope(c);
    const query = validate(offerShowQuerySchema, readQuery(c));
    const data = await showOffer(c.var.deps.db, scope, parseId(c.req.param('id')), c.var.deps.clock());
    await markNotificationRead(c.var.deps, c.var.user, query.notif);
    return c.json({ data });
  })
  .put('/:vendor/invoice-offer-log/:id/status/:decision', async (c) => {
    const { scope } = await vendorScope(c);
    const offerId = parseId(c.req.param('id'));
    requireVendorActor(c, scope.vendorId);
    const decision = c.req.param('decision');
    if (decision === 'accept') {
      const order = await write(c, (work) => acceptOffer(work, { scope, offerId }));
      return c.json({ message: UPDATED, data: { id: order.id } });
    }
    if (decision === 'reject') {
      const ttlMinutes = c.var.deps.config.OFFER_TTL_MINUTES;
      const { rejected } = await write(c, (work) => rejectOffer(work, { scope, offerId, ttlMinutes }));
      return c.json({ message: UPDATED, data: { id: rejected.id } });
    }
    throw validationFailed({ status: ['The selected status is invalid.'] });
  });
