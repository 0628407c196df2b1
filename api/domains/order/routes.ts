import type { Side } from '../../../contract/access';
import type { Context } from 'hono';
import { z, type ZodTypeAny } from 'zod';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { validationFailed } from '../../api-error';
import { parseId } from '../../http/tenancy';
import { write } from '../../http/write';
import { markNotificationRead } from '../notification/service';
import { changeVendor } from './change-vendor';
import { readOrderFilters } from './filters';
import { moveOrdersStatus, moveOrderStatus } from './fulfilment';
import { listOrderItems, listOrders, orderCardTotal, showOrder, vendorOptions } from './reads';
import { replaceProducts } from './returns';
import {
  bulkStatusBodySchema,
  changeVendorBodySchema,
  normaliseArrayKeys,
  orderListQuerySchema,
  replaceProductBodySchema,
  statusBodySchema,
  vendorOptionsQuerySchema,
} from './schema';
import { brandScope, vendorScope } from './scope';
import { isVendorStep } from './statuses';
import { WRITE_MESSAGE } from '../../http/messages';

function stepOf(raw: string) {
  if (!isVendorStep(raw)) throw validationFailed({ status: ['The selected status is invalid.'] });
  return raw;
}

/** A form names its lists `photo_ids[]`; the schema reads them as `photo_ids`. */
function formArrays<T extends ZodTypeAny>(schema: T) {
  return z.preprocess(
    (value) =>
      value && typeof value === 'object' ? normaliseArrayKeys(value as Record<string, unknown>) : value,
    schema,
  );
}

function orderId(c: Context<ApiEnv>) {
  return parseId(c.req.param('id'));
}

/** The list, its total and one order, the same on both sides; each side resolves its own scope. */
function orderReads(side: Side) {
  const scopeOf = side === 'brand' ? brandScope : vendorScope;
  const base = side === 'brand' ? '/api/brand/{brand}/order' : '/api/vendor/{vendor}/order';
  const policy = { operation: 'order.list', tenancy: side } as const;
  return [
    endpoint({
      method: 'get',
      path: base,
      summary:
        side === 'brand'
          ? 'Orders of the brand (brand-side labels)'
          : 'Orders of the vendor (vendor-side labels)',
      tag: 'order',
      query: orderListQuerySchema,
      policy,
      handle: async (c, { query }) => {
        const { scope } = await scopeOf(c);
        const filters = await readOrderFilters(c.var.deps.db, scope, query);
        return c.json(await listOrders(c.var.deps.db, scope, filters, query));
      },
    }),
    endpoint({
      method: 'get',
      path: `${base}/card/total`,
      summary: 'Total Penjualan of the filtered orders: { data: { current_period_value } }',
      tag: 'order',
      query: orderListQuerySchema,
      policy,
      handle: async (c, { query }) => {
        const { scope } = await scopeOf(c);
        const filters = await readOrderFilters(c.var.deps.db, scope, query);
        return c.json({ data: await orderCardTotal(c.var.deps.db, scope, filters) });
      },
    }),
    endpoint({
      method: 'get',
      path: `${base}/{id}`,
      summary: 'An order with invoice, lines, photos and timeline',
      tag: 'order',
      query: orderListQuerySchema,
      policy,
      handle: async (c, { query }) => {
        const { scope } = await scopeOf(c);
        const { db, config } = c.var.deps;
        const data = await showOrder(db, scope, orderId(c), config.MEDIA_URL);
        await markNotificationRead(c.var.deps, c.var.user, query.notif);
        return c.json({ data });
      },
    }),
  ];
}

/** Orders under /api/brand/{brand}/… and /api/vendor/{vendor}/…. */
export const orderEndpoints = endpointGroup([
  ...orderReads('brand'),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/order-product',
    summary: 'Order lines (Barang view)',
    tag: 'order',
    query: orderListQuerySchema,
    policy: { operation: 'order.item-view', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const { scope } = await brandScope(c);
      const filters = await readOrderFilters(c.var.deps.db, scope, query);
      return c.json(await listOrderItems(c.var.deps.db, scope, filters, query));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/order/{id}/vendor-options',
    summary: 'Vendors the order may be moved to',
    tag: 'order',
    query: vendorOptionsQuerySchema,
    policy: { operation: 'order.change-vendor', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const { scope } = await brandScope(c);
      return c.json(await vendorOptions(c.var.deps.db, scope, orderId(c), query));
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}/order/{id}/replace-product',
    summary: 'Record returned lines (Retur)',
    tag: 'order',
    body: replaceProductBodySchema,
    policy: { operation: 'order.return', tenancy: 'brand' },
    handle: async (c, { body }) => {
      const { scope } = await brandScope(c);
      const id = orderId(c);
      await write(c, (work) => replaceProducts(work, { scope, orderId: id, body }));
      const { db, config } = c.var.deps;
      return c.json({
        message: WRITE_MESSAGE.updated,
        data: await showOrder(db, scope, id, config.MEDIA_URL),
      });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}/order/{id}/change-vendor',
    summary: 'Divert the order to another vendor',
    tag: 'order',
    body: changeVendorBodySchema,
    policy: { operation: 'order.change-vendor', tenancy: 'brand', body: { vendor_id: 'vendor' } },
    handle: async (c, { body }) => {
      const { scope } = await brandScope(c);
      const id = orderId(c);
      const order = await write(c, (work) =>
        changeVendor(work, { scope, orderId: id, vendorId: body.vendor_id }),
      );
      return c.json({ message: 'Success change vendor', data: { id: order.id, number: order.number } });
    },
  }),
  ...orderReads('vendor'),
  endpoint({
    method: 'put',
    path: '/api/vendor/{vendor}/order/status/{next}',
    summary: 'Move several orders one step, all or nothing',
    tag: 'order',
    body: formArrays(bulkStatusBodySchema),
    policy: { operation: 'order.fulfil', tenancy: 'vendor' },
    handle: async (c, { body }) => {
      const { scope } = await vendorScope(c);
      const step = stepOf(c.req.param('next') ?? '');
      const { order_ids: orderIds, ...fields } = body;
      const moved = await write(c, (work) => moveOrdersStatus(work, { scope, step, body: fields, orderIds }));
      return c.json({
        message: WRITE_MESSAGE.updated,
        data: moved.map((order) => ({ id: order.id, number: order.number, status_code: order.statusCode })),
      });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/vendor/{vendor}/order/{id}/status/{next}',
    summary: 'Move the order one step: ready-to-delivery, on-delivery or delivered',
    tag: 'order',
    body: formArrays(statusBodySchema),
    policy: { operation: 'order.fulfil', tenancy: 'vendor' },
    handle: async (c, { body }) => {
      const { scope } = await vendorScope(c);
      const id = orderId(c);
      const step = stepOf(c.req.param('next') ?? '');
      await write(c, (work) => moveOrderStatus(work, { scope, step, body, orderId: id }));
      const { db, config } = c.var.deps;
      return c.json({
        message: WRITE_MESSAGE.updated,
        data: await showOrder(db, scope, id, config.MEDIA_URL),
      });
    },
  }),
]);
