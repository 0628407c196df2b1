import { Hono } from 'hono';
import { requireAuth } from '../../http/auth';
import type { ApiEnv } from '../../http/context';
import { parseId, resolveVendor } from '../../http/tenancy';
import { readQuery, validate } from '../../http/validation';
import { categoryQuerySchema } from '../brand/routes';
import { findCategory, listCategories } from '../brand/service';
import { vendorPerformance } from './performance';

export const vendorRoutes = new Hono<ApiEnv>()
  .use(requireAuth)
  .get('/:vendor/category', async (c) => {
    const { brandIds } = await resolveVendor(c.var.deps.db, c.var.user, parseId(c.req.param('vendor')));
    const query = validate(categoryQuerySchema, readQuery(c));
    return c.json(await listCategories(c.var.deps.db, brandIds, query));
  })
  .get('/:vendor/category/:id', async (c) => {
    const { brandIds } = await resolveVendor(c.var.deps.db, c.var.user, parseId(c.req.param('vendor')));
    return c.json({ data: await findCategory(c.var.deps.db, brandIds, parseId(c.req.param('id'))) });
  })
  .get('/:vendor/performance', async (c) => {
    const { vendor, brandIds } = await resolveVendor(
      c.var.deps.db,
      c.var.user,
      parseId(c.req.param('vendor')),
    );
    return c.json({ data: await vendorPerformance(c.var.deps.db, vendor.id, brandIds, c.var.deps.clock()) });
  });
