import type { Context } from 'hono';
import type { z } from 'zod';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { parseId } from '../../http/tenancy';
import { write } from '../../http/write';
import { markNotificationRead } from '../notification/service';
import { exportProductStock, currentStockTemplate, priceTemplate } from './exports';
import {
  checkPriceRows,
  checkStockRows,
  importPrices,
  importVendorStock,
  PRICE_IMPORT_COLUMNS,
  STOCK_IMPORT_COLUMNS,
  STOCK_IMPORT_READ,
} from './imports';
import { listMovements } from './movements';
import { createProduct, deleteProduct, showProduct, updateProduct, updateProductStock } from './products';
import {
  adjustmentBodySchema,
  historyQuerySchema,
  movementQuerySchema,
  newProductBodySchema,
  productBodySchema,
  productQuerySchema,
  productStockQuerySchema,
  skuChannelQuerySchema,
  stockExportQuerySchema,
  stockSettingBodySchema,
  updateStockBodySchema,
  vendorStockUpdateBodySchema,
} from './schema';
import { brandStockScope, vendorStockScope, type StockScope } from './scope';
import { listSkuChannels, showSkuChannel } from './sku-channels';
import { readBody } from '../../http/validation';
import { readImportColumns, readImportFile } from './spreadsheet';
import { listProductStock } from './stock-list';
import {
  adjustStock,
  productsOfScope,
  recordVendorUpdate,
  showUpdateStockHistory,
  stockSetting,
  updateStockSetting,
} from './updates';

const CREATED = 'Data berhasil ditambahkan';
const UPDATED = 'Data berhasil diubah';
const DELETED = 'Data berhasil dihapus';

type ApiContext = Context<ApiEnv>;

function show(c: ApiContext, scope: StockScope, productId: number) {
  const { db, config, clock } = c.var.deps;
  return showProduct(db, scope, productId, config.MEDIA_URL, clock());
}

function list(
  c: ApiContext,
  scope: StockScope,
  query: z.infer<typeof productStockQuerySchema>,
  figures: boolean,
) {
  const { db, config, clock } = c.var.deps;
  return listProductStock(db, scope, query, { now: clock(), mediaUrl: config.MEDIA_URL, figures });
}

/** The uploaded `file` of a multipart body; a body that is not a valid form (cut short, say) is a 400. */
async function uploadedFile(c: ApiContext) {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('multipart/form-data')) return undefined;
  return (await readBody(c)).file;
}

const brandRows = [
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
    method: 'post',
    path: '/api/brand/{brand}/product',
    summary: 'Add a catalogue product (administrator, key account)',
    tag: 'stock',
    policy: { operation: 'stock.product.create', tenancy: 'brand' },
    body: newProductBodySchema,
    handle: async (c, { body }) => {
      const { brand, scope } = await brandStockScope(c);
      const created = await write(c, (work) => createProduct(work, { brandId: brand.id, body }));
      return c.json({ message: CREATED, data: await show(c, scope, created.id) }, 201);
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
      return c.json({ message: UPDATED, data: await show(c, scope, productId) });
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
      return c.json({ success: true, message: DELETED });
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
      return c.json({ message: UPDATED, data: await show(c, scope, productId) });
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
    path: '/api/brand/{brand}/import-template/product-price',
    summary: 'The vendor price template (.xlsx: sku, name, vendor_price)',
    tag: 'stock',
    policy: { operation: 'stock.product.update', tenancy: 'brand' },
    handle: async (c) => {
      const { scope } = await brandStockScope(c);
      return priceTemplate(c.var.deps.db, scope, c.var.deps.clock());
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/brand/{brand}/import/product-price',
    summary: 'Import vendor prices (multipart file, csv or xlsx); all rows or none, 422 per bad row',
    tag: 'stock',
    policy: { operation: 'stock.product.update', tenancy: 'brand' },
    oneAtATime: 'account',
    handle: async (c) => {
      const { brand } = await brandStockScope(c);
      const rows = await readImportFile(await uploadedFile(c), PRICE_IMPORT_COLUMNS);
      const lines = await checkPriceRows(c.var.deps.db, brand.id, rows);
      const data = await write(c, (work) => importPrices(work, { brandId: brand.id, lines }));
      return c.json({ message: UPDATED, data });
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
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/update-stock-history/{id}',
    summary: "A vendor's stock update with its items; notif marks its notification read",
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'brand' },
    query: historyQuerySchema,
    handle: async (c, { query }) => {
      const { brand } = await brandStockScope(c);
      const data = await showUpdateStockHistory(c.var.deps.db, brand.id, parseId(c.req.param('id')));
      await markNotificationRead(c.var.deps, c.var.user, query.notif);
      return c.json({ data });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/stock-movement',
    summary: 'The stock ledger of the brand, newest first (sku, date range, vendor, kind)',
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'brand' },
    query: movementQuerySchema,
    handle: async (c, { query }) => {
      const { scope } = await brandStockScope(c);
      return c.json(await listMovements(c.var.deps.db, scope, query));
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
      return c.json({ message: UPDATED, data });
    },
  }),
];

const vendorRows = [
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
    method: 'put',
    path: '/api/vendor/{vendor}/product-stock/update',
    summary: "Set the vendor's stock on hand: product_stocks[{product_id, quantity}]; notifies the brands",
    tag: 'stock',
    policy: { operation: 'stock.update', tenancy: 'vendor' },
    body: vendorStockUpdateBodySchema,
    handle: async (c, { body }) => {
      const { scope, vendor } = await vendorStockScope(c);
      const fieldOf = (index: number) => `product_stocks.${index}.quantity`;
      const data = await write(c, async (work) => {
        const byId = await productsOfScope(
          work.tx,
          scope,
          body.product_stocks.map((line) => line.product_id),
          (index) => `product_stocks.${index}.product_id`,
        );
        return recordVendorUpdate(work, {
          vendorId: vendor.id,
          kind: 'vendor_update',
          note: null,
          lines: body.product_stocks.map((line) => ({
            product: byId.get(line.product_id) as NonNullable<ReturnType<typeof byId.get>>,
            quantity: line.quantity,
          })),
          fieldOf,
        });
      });
      return c.json({ message: UPDATED, data });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/vendor/{vendor}/product-stock/import',
    summary:
      "Import the vendor's stock (multipart file, csv or xlsx: sku, quantity[, product_id]); all rows or none",
    tag: 'stock',
    policy: { operation: 'stock.update', tenancy: 'vendor' },
    oneAtATime: 'account',
    handle: async (c) => {
      const { scope, vendor } = await vendorStockScope(c);
      const sheet = await readImportColumns(await uploadedFile(c), STOCK_IMPORT_COLUMNS, STOCK_IMPORT_READ);
      const lines = await checkStockRows(c.var.deps.db, scope, sheet);
      const data = await write(c, (work) => importVendorStock(work, { vendorId: vendor.id, lines }));
      return c.json({ message: UPDATED, data });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/import-template/current-product-stock',
    summary: "The stock import template with the vendor's current stock (.xlsx)",
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'vendor' },
    handle: async (c) => {
      const { scope } = await vendorStockScope(c);
      return currentStockTemplate(c.var.deps.db, scope, c.var.deps.clock());
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
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/stock-movement',
    summary: "The vendor's stock ledger, newest first",
    tag: 'stock',
    policy: { operation: 'stock.list', tenancy: 'vendor' },
    query: movementQuerySchema,
    handle: async (c, { query }) => {
      const { scope } = await vendorStockScope(c);
      return c.json(await listMovements(c.var.deps.db, scope, query));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/vendor/{vendor}/stock-adjustment',
    summary: 'Adjust stock with a note: items[{product_id, adjustment}], one transaction',
    tag: 'stock',
    policy: { operation: 'stock.update', tenancy: 'vendor' },
    body: adjustmentBodySchema,
    handle: async (c, { body }) => {
      const { scope, vendor } = await vendorStockScope(c);
      const moved = await write(c, (work) => adjustStock(work, { scope, vendorId: vendor.id, body }));
      return c.json(
        {
          message: UPDATED,
          data: moved.map((row) => ({
            product_id: row.productId,
            before: row.before,
            adjustment: row.change,
            after: row.after,
          })),
        },
        201,
      );
    },
  }),
];

/** Catalogue, stock, imports and the ledger (docs/decisions/017). */
export const stockEndpoints = endpointGroup([...brandRows, ...vendorRows]);
