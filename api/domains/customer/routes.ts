import { Hono } from 'hono';
import { authenticated } from '../../http/auth';
import type { ApiEnv } from '../../http/context';
import { parseId } from '../../http/tenancy';
import { readQuery, validate } from '../../http/validation';
import { brandScope } from '../order/service';
import { customerDetailQuerySchema, customerListQuerySchema, listCustomers, showCustomer } from './service';

/** Customer list and detail under /api/brand/{brand}/… */
export const brandCustomerRoutes = new Hono<ApiEnv>()
  .use(authenticated)
  .get('/:brand/customer', async (c) => {
    const { brand } = await brandScope(c);
    return c.json(
      await listCustomers(c.var.deps.db, brand.id, validate(customerListQuerySchema, readQuery(c))),
    );
  })
  .get('/:brand/customer/detail', async (c) => {
    const { brand } = await brandScope(c);
    const query = validate(customerDetailQuerySchema, readQuery(c));
    return c.json(await showCustomer(c.var.deps.db, brand.id, query));
  })
  .get('/:brand/customer/:id{[0-9]+}', async (c) => {
    const { brand } = await brandScope(c);
    const query = validate(customerDetailQuerySchema, readQuery(c));
    return c.json(await showCustomer(c.var.deps.db, brand.id, { ...query, id: parseId(c.req.param('id')) }));
  });
