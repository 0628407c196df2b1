import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../http/auth';
import type { ApiEnv } from '../../http/context';
import { pageQuerySchema } from '../../http/pagination';
import { parseId, resolveBrand } from '../../http/tenancy';
import { readQuery, validate } from '../../http/validation';
import { requirePermission } from '../access/permissions';
import {
  brandWithChannels,
  findBrandVendor,
  findCategory,
  listBrandChannels,
  listBrands,
  listBrandVendors,
  listCategories,
} from './service';

const listQuerySchema = pageQuerySchema.extend({ sorted_by: z.string().max(50).optional() });
const categoryQuerySchema = listQuerySchema.extend({
  with: z.string().max(100).optional(),
  only: z.enum(['parent']).optional(),
});

export const brandRoutes = new Hono<ApiEnv>()
  .use(requireAuth)
  .get('/', async (c) => {
    requirePermission(c.var.user, 'brand.index');
    return c.json(await listBrands(c.var.deps.db, c.var.user, validate(listQuerySchema, readQuery(c))));
  })
  .get('/:brand', async (c) => {
    const brand = await resolveBrand(c.var.deps.db, c.var.user, parseId(c.req.param('brand')));
    return c.json({ data: await brandWithChannels(c.var.deps.db, brand) });
  })
  .get('/:brand/channel', async (c) => {
    const brand = await resolveBrand(c.var.deps.db, c.var.user, parseId(c.req.param('brand')));
    return c.json(await listBrandChannels(c.var.deps.db, brand.id));
  })
  .get('/:brand/vendor', async (c) => {
    const brand = await resolveBrand(c.var.deps.db, c.var.user, parseId(c.req.param('brand')));
    return c.json(await listBrandVendors(c.var.deps.db, brand.id, validate(listQuerySchema, readQuery(c))));
  })
  .get('/:brand/vendor/:id', async (c) => {
    const brand = await resolveBrand(c.var.deps.db, c.var.user, parseId(c.req.param('brand')));
    return c.json({ data: await findBrandVendor(c.var.deps.db, brand.id, parseId(c.req.param('id'))) });
  })
  .get('/:brand/category', async (c) => {
    const brand = await resolveBrand(c.var.deps.db, c.var.user, parseId(c.req.param('brand')));
    return c.json(
      await listCategories(c.var.deps.db, [brand.id], validate(categoryQuerySchema, readQuery(c))),
    );
  })
  .get('/:brand/category/:id', async (c) => {
    const brand = await resolveBrand(c.var.deps.db, c.var.user, parseId(c.req.param('brand')));
    return c.json({ data: await findCategory(c.var.deps.db, [brand.id], parseId(c.req.param('id'))) });
  });

export { categoryQuerySchema, listQuerySchema };
