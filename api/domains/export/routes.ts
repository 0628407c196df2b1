import { Hono } from 'hono';
import { authenticated } from '../../http/auth';
import type { ApiEnv } from '../../http/context';
import { readQuery, validate } from '../../http/validation';
import { customerListQuerySchema } from '../customer/service';
import { invoiceListQuerySchema } from '../invoice/schema';
import { readInvoiceFilters } from '../invoice/service';
import { brandScope, orderListQuerySchema, readOrderFilters, vendorScope } from '../order/service';
import { exportOrders } from './orders';
import { exportCustomers, exportInvoices } from './service';

/** Spreadsheet downloads under /api/brand/{brand}/export/…, with the filters of the matching list. */
export const brandExportRoutes = new Hono<ApiEnv>()
  .use(authenticated)
  .get('/:brand/export/order', async (c) => {
    const { scope } = await brandScope(c);
    const { db, clock } = c.var.deps;
    const filters = await readOrderFilters(db, scope, validate(orderListQuerySchema, readQuery(c)));
    return exportOrders(db, scope, filters, clock());
  })
  .get('/:brand/export/invoice', async (c) => {
    const { brand } = await brandScope(c);
    const { db, clock } = c.var.deps;
    const filters = readInvoiceFilters(validate(invoiceListQuerySchema, readQuery(c)));
    return exportInvoices(db, brand.id, filters, clock());
  })
  .get('/:brand/export/customer', async (c) => {
    const { brand } = await brandScope(c);
    const { db, clock } = c.var.deps;
    return exportCustomers(db, brand.id, validate(customerListQuerySchema, readQuery(c)), clock());
  });

/** The vendor's order download under /api/vendor/{vendor}/export/order. */
export const vendorExportRoutes = new Hono<ApiEnv>()
  .use(authenticated)
  .get('/:vendor/export/order', async (c) => {
    const { scope } = await vendorScope(c);
    const { db, clock } = c.var.deps;
    const filters = await readOrderFilters(db, scope, validate(orderListQuerySchema, readQuery(c)));
    return exportOrders(db, scope, filters, clock());
  });
