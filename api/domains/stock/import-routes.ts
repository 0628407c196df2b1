import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint } from '../../http/endpoints';
import { readBody } from '../../http/validation';
import { write } from '../../http/write';
import { currentStockTemplate, priceTemplate } from './exports';
import {
  checkPriceRows,
  checkStockRows,
  importPrices,
  importVendorStock,
  PRICE_IMPORT_COLUMNS,
  STOCK_IMPORT_COLUMNS,
  STOCK_IMPORT_READ,
} from './imports';
import { WRITE_MESSAGE } from '../../http/messages';
import { brandStockScope, vendorStockScope } from './scope';
import { readImportColumns, readImportFile } from './spreadsheet';

/** The uploaded `file` of a multipart body; a body that is not a valid form (cut short, say) is a 400. */
async function uploadedFile(c: Context<ApiEnv>) {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('multipart/form-data')) return undefined;
  return (await readBody(c)).file;
}

/** The spreadsheets: the brand's vendor prices and the vendor's stock, each a template to fill in and its import. */
export const importRows = [
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
      return c.json({ message: WRITE_MESSAGE.updated, data });
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
      return c.json({ message: WRITE_MESSAGE.updated, data });
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
];
