import { endpoint } from '../../http/endpoints';
import { parseId } from '../../http/tenancy';
import { write } from '../../http/write';
import { markNotificationRead } from '../notification/service';
import { WRITE_MESSAGE } from '../../http/messages';
import { listMovements } from './movements';
import {
  adjustmentBodySchema,
  historyQuerySchema,
  movementQuerySchema,
  vendorStockUpdateBodySchema,
} from './schema';
import { brandStockScope, vendorStockScope } from './scope';
import { adjustStock, productsOfScope, recordVendorUpdate, showUpdateStockHistory } from './updates';

/** The vendor's stock changes (a new count, an adjustment with a note) and the ledger and update history they leave. */
export const ledgerRows = [
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
      return c.json({ message: WRITE_MESSAGE.updated, data });
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
          message: WRITE_MESSAGE.updated,
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
];
