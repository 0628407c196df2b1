import { endpoint, endpointGroup } from '../../http/endpoints';
import { brandOfPath, parseId } from '../../http/tenancy';
import { customerDetailQuerySchema, customerListQuerySchema, listCustomers, showCustomer } from './service';

/** Buyers under /api/brand/{brand}/…: the list and one buyer (by phone, email or name, or by id). */
export const customerEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/customer',
    summary: 'Buyers with their invoice count',
    tag: 'customer',
    query: customerListQuerySchema,
    policy: { operation: 'customer.list', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const brand = await brandOfPath(c);
      return c.json(await listCustomers(c.var.deps.db, brand.id, query));
    },
  }),
  // Before `{id}`: the first route that matches answers.
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/customer/detail',
    summary: 'A buyer by phone, email or name, with their invoices paged',
    tag: 'customer',
    query: customerDetailQuerySchema,
    policy: { operation: 'customer.list', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const brand = await brandOfPath(c);
      return c.json(await showCustomer(c.var.deps.db, brand.id, query));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/customer/{id}',
    summary: 'A buyer with their invoices paged',
    tag: 'customer',
    query: customerDetailQuerySchema,
    policy: { operation: 'customer.list', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const brand = await brandOfPath(c);
      const id = parseId(c.req.param('id'));
      return c.json(await showCustomer(c.var.deps.db, brand.id, { ...query, id }));
    },
  }),
]);
