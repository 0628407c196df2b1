import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { authenticated } from '../../http/auth';
import { validationFailed } from '../../http/errors';
import { parseId, requireVendorActor } from '../../http/tenancy';
import { readBody, readQuery, validate } from '../../http/validation';
import { write } from '../../http/write';
import { markNotificationRead } from '../notification/service';
import { changeVendor } from './change-vendor';
import { readOrderFilters, type OrderScope } from './filters';
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

const UPDATED = 'Data berhasil diubah';

function stepOf(raw: string) {
  if (!isVendorStep(raw)) throw validationFailed({ status: ['The selected status is invalid.'] });
  return raw;
}

/**
 * The list, its total and one order, the same on both sides: each side resolves its own scope (`/:brand` or
 * `/:vendor`). The total comes before `/:id`, which would otherwise take `card` for an id.
 */
function orderReads(
  side: 'brand' | 'vendor',
  scopeOf: (c: Context<ApiEnv>) => Promise<{ scope: OrderScope }>,
) {
  const base = `/:${side}/order`;
  return new Hono<ApiEnv>()
    .get(base, async (c) => {
      const { scope } = await scopeOf(c);
      const query = validate(orderListQuerySchema, readQuery(c));
      const filters = await readOrderFilters(c.var.deps.db, scope, query);
      return c.json(await listOrders(c.var.deps.db, scope, filters, query));
    })
    .get(`${base}/card/total`, async (c) => {
      const { scope } = await scopeOf(c);
      const query = validate(orderListQuerySchema, readQuery(c));
      const filters = await readOrderFilters(c.var.deps.db, scope, query);
      return c.json({ data: await orderCardTotal(c.var.deps.db, scope, filters) });
    })
    .get(`${base}/:id`, async (c) => {
      const { scope } = await scopeOf(c);
      const query = validate(orderListQuerySchema, readQuery(c));
      const { db, config } = c.var.deps;
      const data = await showOrder(db, scope, parseId(c.req.param('id')), config.MEDIA_URL);
      await markNotificationRead(c.var.deps, c.var.user, query.notif);
      return c.json({ data });
    });
}

const brandOrders = new Hono<ApiEnv>()
  .route('/', orderReads('brand', brandScope))
  .get('/:brand/order-product', async (c) => {
    const { scope } = await brandScope(c);
    const query = validate(orderListQuerySchema, readQuery(c));
    const filters = await readOrderFilters(c.var.deps.db, scope, query);
    return c.json(await listOrderItems(c.var.deps.db, scope, filters, query));
  })
  .get('/:brand/order/:id/vendor-options', async (c) => {
    const { scope } = await brandScope(c);
    const query = validate(vendorOptionsQuerySchema, readQuery(c));
    return c.json(await vendorOptions(c.var.deps.db, scope, parseId(c.req.param('id')), query));
  })
  .put('/:brand/order/:id/replace-product', async (c) => {
    const { scope } = await brandScope(c);
    const orderId = parseId(c.req.param('id'));
    const body = validate(replaceProductBodySchema, await readBody(c));
    await write(c, (work) => replaceProducts(work, { scope, orderId, body }));
    const { db, config } = c.var.deps;
    return c.json({ message: UPDATED, data: await showOrder(db, scope, orderId, config.MEDIA_URL) });
  })
  .put('/:brand/order/:id/change-vendor', async (c) => {
    const { scope } = await brandScope(c);
    const orderId = parseId(c.req.param('id'));
    const body = validate(changeVendorBodySchema, await readBody(c));
    const order = await write(c, (work) => changeVendor(work, { scope, orderId, vendorId: body.vendor_id }));
    return c.json({ message: 'Success change vendor', data: { id: order.id, number: order.number } });
  });

const vendorOrders = new Hono<ApiEnv>()
  .route('/', orderReads('vendor', vendorScope))
  .put('/:vendor/order/status/:next', async (c) => {
    const { scope } = await vendorScope(c);
    requireVendorActor(c, scope.vendorId);
    const step = stepOf(c.req.param('next'));
    const body = validate(bulkStatusBodySchema, normaliseArrayKeys(await readBody(c)));
    const { order_ids: orderIds, ...fields } = body;
    const moved = await write(c, (work) => moveOrdersStatus(work, { scope, step, body: fields, orderIds }));
    return c.json({
      message: UPDATED,
      data: moved.map((order) => ({ id: order.id, number: order.number, status_code: order.statusCode })),
    });
  })
  .put('/:vendor/order/:id/status/:next', async (c) => {
    const { scope } = await vendorScope(c);
    const orderId = parseId(c.req.param('id'));
    requireVendorActor(c, scope.vendorId);
    const step = stepOf(c.req.param('next'));
    const body = validate(statusBodySchema, normaliseArrayKeys(await readBody(c)));
    await write(c, (work) => moveOrderStatus(work, { scope, step, body, orderId }));
    const { db, config } = c.var.deps;
    return c.json({ message: UPDATED, data: await showOrder(db, scope, orderId, config.MEDIA_URL) });
  });

/** Order routes under /api/brand/{brand}/… */
export const brandOrderRoutes = new Hono<ApiEnv>().use(authenticated).route('/', brandOrders);

/** Order routes under /api/vendor/{vendor}/… */
export const vendorOrderRoutes = new Hono<ApiEnv>().use(authenticated).route('/', vendorOrders);
