import { and, asc, count, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import { brands } from '../../db/schema';
import { containsPattern } from '../../db/like';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { offsetOf, pageMeta, pageQuerySchema } from '../../http/pagination';

/** Options for the brand selector: the brands of the caller's reach (a vendor's user: the brands it serves). */
export const brandSelectEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/select/brand',
    summary: 'Brand options of the user',
    tag: 'brand',
    query: pageQuerySchema,
    policy: { operation: 'account.self', tenancy: 'reach' },
    handle: async (c, { query }) => {
      const { db } = c.var.deps;
      const allowed = c.var.user.reach;
      const filters: SQL[] = [isNull(brands.deletedAt)];
      if (allowed !== 'all') filters.push(inArray(brands.id, allowed.length ? [...allowed] : [0]));
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
    },
  }),
]);
