import type { Context } from 'hono';
import type { z } from 'zod';
import type { ApiEnv } from '../../http/context';
import { endpoint } from '../../http/endpoints';
import { write } from '../../http/write';
import { exportProductStock } from './exports';
import { WRITE_MESSAGE } from '../../http/messages';
import {
  productQuerySchema,
  productStockQuerySchema,
  stockExportQuerySchema,
  stockSettingBodySchema,
} from './schema';
import { brandStockScope, vendorStockScope, type StockScope } from './scope';
import { listProductStock } from './stock-list';
import { stockSetting, updateStockSetting } from './updates';

function list(
  c: Context<ApiEnv>,
  scope: StockScope,
  query: z.infer<typeof productStockQuerySchema>,
  figures: boolean,
) {
  const { db, config, clock } = c.var.deps;
  return listProductStock(db, scope, query, { now: clock(), mediaUrl: config.MEDIA_URL, figures });
}

/** The product lists, the stock list with its figures and its .xlsx, and the low-stock threshold it flags by. */
export const listRows = [
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/product',
    summary: 'Catalogue products of the brand',
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'brand' },
    query: productQuerySchema,
    handle: async (c, { query }) => {
      const { scope } = await brandStockScope(c);
      return c.json(await list(c, scope, query, false));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/product-stock',
    summary: 'The stock list: products with available stock, run rate, weeks of supply, in-stock rate',
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'brand' },
    query: productStockQuerySchema,
    handle: async (c, { query }) => {
      const { scope } = await brandStockScope(c);
      return c.json(await list(c, scope, query, true));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/export/product-stock',
    summary: 'The stock list as .xlsx',
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'brand' },
    query: stockExportQuerySchema,
    handle: async (c, { query }) => {
      const { scope } = await brandStockScope(c);
      return exportProductStock(c.var.deps.db, scope, c.var.deps.clock(), query);
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/stock-setting',
    summary: "The brand's low-stock threshold in weeks of supply",
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'brand' },
    handle: async (c) => {
      const { brand } = await brandStockScope(c);
      return c.json({ data: await stockSetting(c.var.deps.db, brand.id) });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}/stock-setting',
    summary: 'Set the low-stock threshold (administrator, key account)',
    tag: 'stock',
    policy: { operation: 'stock.setting', tenancy: 'brand' },
    body: stockSettingBodySchema,
    handle: async (c, { body }) => {
      const { brand } = await brandStockScope(c);
      const data = await write(c, (work) =>
        updateStockSetting(work, { brandId: brand.id, weeks: body.low_stock_weeks }),
      );
      return c.json({ message: WRITE_MESSAGE.updated, data });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/product',
    summary: 'Catalogue products of the brands the vendor serves',
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'vendor' },
    query: productQuerySchema,
    handle: async (c, { query }) => {
      const { scope } = await vendorStockScope(c);
      return c.json(await list(c, scope, query, false));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/product-stock',
    summary: "The vendor's stock list",
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'vendor' },
    query: productStockQuerySchema,
    handle: async (c, { query }) => {
      const { scope } = await vendorStockScope(c);
      return c.json(await list(c, scope, query, true));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/export/product-stock',
    summary: "The vendor's stock list as .xlsx",
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'vendor' },
    query: stockExportQuerySchema,
    handle: async (c, { query }) => {
      const { scope } = await vendorStockScope(c);
      return exportProductStock(c.var.deps.db, scope, c.var.deps.clock(), query);
    },
  }),
];
