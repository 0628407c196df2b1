import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { vendorBrands } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import type { ApiEnv } from '../../http/context';
import { brandIdsOf, parseId, resolveVendor } from '../../http/tenancy';
import { readQuery, validate } from '../../http/validation';
import { ROLE } from '../access/roles';
import { categoryQuerySchema } from '../brand/routes';
import { findCategory, listCategories } from '../brand/service';
import { vendorPerformance } from './performance';

/**
 * The brands served by the vendor whose data the caller may see: the vendor's own users see them all, anyone else
 * only those among their own brands (a vendor serving brands A and B must not show a brand A user brand B's data).
 */
async function servedBrandIds(c: { var: ApiEnv['Variables'] }, vendorId: number) {
  const rows = await c.var.deps.db
    .select({ id: vendorBrands.brandId })
    .from(vendorBrands)
    .where(eq(vendorBrands.vendorId, vendorId));
  const served = rows.map((row) => row.id);
  if (c.var.user.roleId === ROLE.vendor) return served;
  const allowed = brandIdsOf(c.var.user);
  return allowed === 'all' ? served : served.filter((id) => allowed.includes(id));
}

export const vendorRoutes = new Hono<ApiEnv>()
  .use(requireAuth)
  .get('/:vendor/category', async (c) => {
    const vendor = await resolveVendor(c.var.deps.db, c.var.user, parseId(c.req.param('vendor')));
    const query = validate(categoryQuerySchema, readQuery(c));
    return c.json(await listCategories(c.var.deps.db, await servedBrandIds(c, vendor.id), query));
  })
  .get('/:vendor/category/:id', async (c) => {
    const vendor = await resolveVendor(c.var.deps.db, c.var.user, parseId(c.req.param('vendor')));
    const brandIds = await servedBrandIds(c, vendor.id);
    return c.json({ data: await findCategory(c.var.deps.db, brandIds, parseId(c.req.param('id'))) });
  })
  .get('/:vendor/performance', async (c) => {
    const vendor = await resolveVendor(c.var.deps.db, c.var.user, parseId(c.req.param('vendor')));
    const brandIds = await servedBrandIds(c, vendor.id);
    return c.json({ data: await vendorPerformance(c.var.deps.db, vendor.id, brandIds, c.var.deps.clock()) });
  });
