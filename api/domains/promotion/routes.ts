import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { brandOfPath, parseId } from '../../http/tenancy';
import { write } from '../../http/write';
import { channelAdapter } from '../marketplace/adapters';
import { pushFailed } from '../marketplace/channel';
import type { PushResult } from './push';
import { promotionBodySchema, promotionListQuerySchema, promotionProductQuerySchema } from './schema';
import {
  createPromotion,
  deletePromotion,
  endPromotion,
  listPromotions,
  promotionProductOptions,
  refusingOverlap,
  showPromotion,
  updatePromotion,
} from './service';
import { exportPromotions } from './exports';
import { WRITE_MESSAGE } from '../../http/messages';

function idOf(c: Context<ApiEnv>) {
  return parseId(c.req.param('id'));
}

/** The channel adapter promotions are pushed through (CHANNEL_ADAPTER). */
function adapterOf(c: Context<ApiEnv>) {
  return channelAdapter(c.var.deps.config.CHANNEL_ADAPTER);
}

/** A push the channel did not take: its refusals as a 422 by field, its failure as a 502. */
function unlessRefused<T extends PushResult>(result: T) {
  if (!result.ok) throw pushFailed(result.outcome, result.shop.channelName);
  return result;
}

/** A brand's promotions on its marketplace channels (docs/decisions/048). */
export const promotionEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/promotion',
    summary: 'Promotions of the brand, newest first (status: not_started, running, finished, not_finished)',
    tag: 'promotion',
    query: promotionListQuerySchema,
    policy: { operation: 'promotion.list', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const brand = await brandOfPath(c);
      const { db, clock } = c.var.deps;
      return c.json(await listPromotions(db, brand.id, query, clock()));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/export/promotion',
    summary: 'The promotion list as .xlsx, with the list’s filters (Jakarta times, status as of now)',
    tag: 'promotion',
    query: promotionListQuerySchema,
    policy: { operation: 'promotion.list', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const brand = await brandOfPath(c);
      const { db, clock } = c.var.deps;
      return exportPromotions(db, brand.id, query, clock());
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/brand/{brand}/promotion',
    summary: 'Create a promotion (start_at and end_at in Jakarta time, Y-m-d H:i)',
    tag: 'promotion',
    body: promotionBodySchema,
    policy: { operation: 'promotion.create', tenancy: 'brand' },
    handle: async (c, { body }) => {
      const brand = await brandOfPath(c);
      const adapter = adapterOf(c);
      const created = unlessRefused(
        await refusingOverlap(() =>
          write(c, (work) => createPromotion(work, { adapter, brandId: brand.id, body })),
        ),
      );
      const { db, clock } = c.var.deps;
      const data = await showPromotion(db, brand.id, created.promotion.id, clock());
      return c.json({ message: WRITE_MESSAGE.created, data }, 201);
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/promotion/{id}',
    summary: 'A promotion with its status and products',
    tag: 'promotion',
    policy: { operation: 'promotion.list', tenancy: 'brand' },
    handle: async (c) => {
      const brand = await brandOfPath(c);
      const { db, clock } = c.var.deps;
      return c.json({ data: await showPromotion(db, brand.id, idOf(c), clock()) });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}/promotion/{id}',
    summary: 'Change a promotion that has not started',
    tag: 'promotion',
    body: promotionBodySchema,
    policy: { operation: 'promotion.update', tenancy: 'brand' },
    handle: async (c, { body }) => {
      const brand = await brandOfPath(c);
      const id = idOf(c);
      const adapter = adapterOf(c);
      unlessRefused(
        await refusingOverlap(() =>
          write(c, (work) => updatePromotion(work, { adapter, brandId: brand.id, id, body })),
        ),
      );
      const { db, clock } = c.var.deps;
      return c.json({
        message: WRITE_MESSAGE.updated,
        data: await showPromotion(db, brand.id, id, clock()),
      });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}/promotion/{id}/end',
    summary: 'End a running promotion now',
    tag: 'promotion',
    policy: { operation: 'promotion.update', tenancy: 'brand' },
    handle: async (c) => {
      const brand = await brandOfPath(c);
      const id = idOf(c);
      const adapter = adapterOf(c);
      unlessRefused(await write(c, (work) => endPromotion(work, { adapter, brandId: brand.id, id })));
      const { db, clock } = c.var.deps;
      return c.json({
        message: WRITE_MESSAGE.updated,
        data: await showPromotion(db, brand.id, id, clock()),
      });
    },
  }),
  endpoint({
    method: 'delete',
    path: '/api/brand/{brand}/promotion/{id}',
    summary: 'Delete a promotion that has not started',
    tag: 'promotion',
    policy: { operation: 'promotion.delete', tenancy: 'brand' },
    handle: async (c) => {
      const brand = await brandOfPath(c);
      const id = idOf(c);
      const adapter = adapterOf(c);
      unlessRefused(await write(c, (work) => deletePromotion(work, { adapter, brandId: brand.id, id })));
      return c.json({ message: WRITE_MESSAGE.deleted });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/promotion-product',
    summary: "The brand's active products a promotion may take, with price and available stock",
    tag: 'promotion',
    query: promotionProductQuerySchema,
    policy: { operation: 'promotion.list', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const brand = await brandOfPath(c);
      return c.json(await promotionProductOptions(c.var.deps.db, brand.id, query));
    },
  }),
]);
