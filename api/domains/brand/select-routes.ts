import { and, asc, count, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { brands, vendorBrands } from '../../db/schema';
import { containsPattern } from '../../db/like';
import { requireAuth } from '../../http/auth';
import type { ApiEnv } from '../../http/context';
import { offsetOf, pageMeta, pageQuerySchema } from '../../http/pagination';
import { readQuery, validate } from '../../http/validation';
import { ROLE } from '../access/roles';

/** Options for the brand selector: the brands the caller may switch to (a vendor: the brands it serves). */
export const selectRoutes = new Hono<ApiEnv>().use(requireAuth).get('/brand', async (c) => {
  const { db } = c.var.deps;
  const user = c.var.user;
  const query = validate(pageQuerySchema, readQuery(c));
  let allowed = user.brandIds;
  if (user.roleId === ROLE.vendor && user.vendorId) {
    const served = await db
      .select({ id: vendorBrands.brandId })
      .from(vendorBrands)
      .where(eq(vendorBrands.vendorId, user.vendorId));
    allowed = served.map((row) => row.id);
  }
  const filters: SQL[] = [isNull(brands.deletedAt)];
  if (allowed !== 'all') filters.push(inArray(brands.id, allowed.length ? allowed : [0]));
  if (query.search) filters.push(ilike(brands.name, containsPattern(query.search)));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(where)
      .orderBy(asc(brands.name), asc(brands.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(brands).where(where),
  ]);
  return c.json({
    data: rows,
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  });
});
