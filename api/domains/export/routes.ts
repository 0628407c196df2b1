import { endpoint, endpointGroup } from '../../http/endpoints';
import { brandOfPath } from '../../http/tenancy';
import { customerListQuerySchema } from '../customer/service';
import { invoiceListQuerySchema } from '../invoice/schema';
import { readInvoiceFilters } from '../invoice/service';
import { brandScope, orderListQuerySchema, readOrderFilters, vendorScope } from '../order/service';
import { exportOrders } from './orders';
import { exportCustomers, exportInvoices } from './service';

/** Spreadsheet downloads with the filters of the matching list, under the list's own permission. */
export const exportEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/export/order',
    summary: 'Orders as .xlsx (the list filters)',
    tag: 'export',
    query: orderListQuerySchema,
    policy: { operation: 'order.list', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const { scope } = await brandScope(c);
      const { db, clock } = c.var.deps;
      return exportOrders(db, scope, await readOrderFilters(db, scope, query), clock());
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/export/invoice',
    summary: 'Invoices as .xlsx (the list filters)',
    tag: 'export',
    query: invoiceListQuerySchema,
    policy: { operation: 'invoice.list', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const brand = await brandOfPath(c);
      const { db, clock } = c.var.deps;
      return exportInvoices(db, brand.id, readInvoiceFilters(query), clock());
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/export/customer',
    summary: 'Buyers as .xlsx (the list filters)',
    tag: 'export',
    query: customerListQuerySchema,
    policy: { operation: 'customer.list', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const brand = await brandOfPath(c);
      const { db, clock } = c.var.deps;
      return exportCustomers(db, brand.id, query, clock());
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/export/order',
    summary: 'The vendor orders as .xlsx',
    tag: 'export',
    query: orderListQuerySchema,
    policy: { operation: 'order.list', tenancy: 'vendor' },
    handle: async (c, { query }) => {
      const { scope } = await vendorScope(c);
      const { db, clock } = c.var.deps;
      return exportOrders(db, scope, await readOrderFilters(db, scope, query), clock());
    },
  }),
]);
