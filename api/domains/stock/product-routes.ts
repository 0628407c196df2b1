import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint } from '../../http/endpoints';
import { parseId } from '../../http/tenancy';
import { write } from '../../http/write';
import { WRITE_MESSAGE } from '../../http/messages';
import { createProduct, deleteProduct, showProduct, updateProduct, updateProductStock } from './products';
import {
  newProductBodySchema,
  productBodySchema,
  skuChannelQuerySchema,
  updateStockBodySchema,
} from './schema';
import { brandStockScope, vendorStockScope, type StockScope } from './scope';
import { listSkuChannels, showSkuChannel } from './sku-channels';

function show(c: Context<ApiEnv>, scope: StockScope, productId: number) {
  const { db, config, clock } = c.var.deps;
  return showProduct(db, scope, productId, config.MEDIA_URL, clock());
}

/**
 * One catalogue product: added, read, changed, deleted and its stock set by the brand side, read by the vendor; and
 * the brand's marketplace SKUs.
 */
export const productRows = [
  endpoint({
    method: 'post',
    path: '/api/brand/{brand}/product',
    summary: 'Add a catalogue product (administrator, key account)',
    tag: 'stock',
    policy: { operation: 'stock.product.create', tenancy: 'brand' },
    body: newProductBodySchema,
    handle: async (c, { body }) => {
      const { brand, scope } = await brandStockScope(c);
      const created = await write(c, (work) => createProduct(work, { brandId: brand.id, body }));
      return c.json({ message: WRITE_MESSAGE.added, data: await show(c, scope, created.id) }, 201);
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/product/{id}',
    summary: 'A stock product with photos, channel SKUs, vendor stock and figures',
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'brand' },
    handle: async (c) => {
      const { scope } = await brandStockScope(c);
      return c.json({ data: await show(c, scope, parseId(c.req.param('id'))) });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}/product/{id}',
    summary: 'Update a catalogue product (administrator, key account)',
    tag: 'stock',
    policy: { operation: 'stock.product.update', tenancy: 'brand' },
    body: productBodySchema,
    handle: async (c, { body }) => {
      const { scope } = await brandStockScope(c);
      const productId = parseId(c.req.param('id'));
      await write(c, (work) => updateProduct(work, { scope, productId, body }));
      return c.json({ message: WRITE_MESSAGE.updated, data: await show(c, scope, productId) });
    },
  }),
  endpoint({
    method: 'delete',
    path: '/api/brand/{brand}/product/{id}',
    summary: 'Delete a catalogue product (administrator, key account)',
    tag: 'stock',
    policy: { operation: 'stock.product.delete', tenancy: 'brand' },
    handle: async (c) => {
      const { scope } = await brandStockScope(c);
      const productId = parseId(c.req.param('id'));
      await write(c, (work) => deleteProduct(work, { scope, productId }));
      return c.json({ success: true, message: WRITE_MESSAGE.deleted });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}/product/{id}/update-stock',
    summary: "Set each vendor's stock on hand of a product (administrator, key account)",
    tag: 'stock',
    policy: { operation: 'stock.update', tenancy: 'brand' },
    body: updateStockBodySchema,
    handle: async (c, { body }) => {
      const { scope } = await brandStockScope(c);
      const productId = parseId(c.req.param('id'));
      await write(c, (work) => updateProductStock(work, { scope, productId, body }));
      return c.json({ message: WRITE_MESSAGE.updated, data: await show(c, scope, productId) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/product/{id}',
    summary: "A product with the vendor's own stock and figures",
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'vendor' },
    handle: async (c) => {
      const { scope } = await vendorStockScope(c);
      return c.json({ data: await show(c, scope, parseId(c.req.param('id'))) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/sku-channel',
    summary: 'Marketplace SKUs of the brand',
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'brand' },
    query: skuChannelQuerySchema,
    handle: async (c, { query }) => {
      const { brand } = await brandStockScope(c);
      return c.json(await listSkuChannels(c.var.deps.db, brand.id, query));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/sku-channel/{id}',
    summary: 'One marketplace SKU',
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'brand' },
    handle: async (c) => {
      const { brand } = await brandStockScope(c);
      return c.json({ data: await showSkuChannel(c.var.deps.db, brand.id, parseId(c.req.param('id'))) });
    },
  }),
];
