import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { brands, roles, users, vendors } from '../../db/schema';
import type { AuthUser } from '../../access/auth-user';
import { notFound } from '../../api-error';
import { offsetOf, pageMeta, sortColumn } from '../../http/pagination';
import { effectiveRoleId, permissionsOfRole } from '../../access/permissions';
import { ROLE } from '../../access/roles';
import type { UserListQuery } from './schema';
import { serializeUser, type UserRow } from './serializers';
import { keyAccountBrandIds, visibleUsers } from './visibility';

/** Narrows a list to one brand's or one vendor's users (the brand and vendor Users tabs). */
export type UserFilter = { brandId?: number; vendorId?: number; only?: 'admin' };

function selectUsers(executor: Executor) {
  return executor
    .select({
      user: users,
      role: roles,
      brandName: brands.name,
      vendorName: vendors.name,
      brandIds: keyAccountBrandIds,
      permissions: permissionsOfRole(effectiveRoleId),
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, effectiveRoleId))
    .leftJoin(brands, eq(brands.id, users.brandId))
    .leftJoin(vendors, eq(vendors.id, users.vendorId));
}

function filterOf(filter: UserFilter): SQL | undefined {
  return and(
    filter.only === 'admin' ? inArray(users.roleId, [ROLE.administrator, ROLE.keyAccount]) : undefined,
    filter.brandId ? and(eq(users.roleId, ROLE.brand), eq(users.brandId, filter.brandId)) : undefined,
    filter.vendorId ? and(eq(users.roleId, ROLE.vendor), eq(users.vendorId, filter.vendorId)) : undefined,
  );
}

const SORTS = {
  name: users.name,
  email: users.email,
  mobile_phone: users.mobilePhone,
  updated_at: users.updatedAt,
  created_at: users.createdAt,
  id: users.id,
};

export async function listUsers(db: Executor, actor: AuthUser, query: UserListQuery, filter: UserFilter) {
  const search = query.search
    ? or(ilike(users.name, containsPattern(query.search)), ilike(users.email, containsPattern(query.search)))
    : undefined;
  const where = and(visibleUsers(actor), filterOf(filter), search);
  const column = SORTS[sortColumn(SORTS, query.sorted_by, 'name')];
  const direction = query.order_by === 'desc' ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    selectUsers(db)
      .where(where)
      .orderBy(direction(column), direction(users.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    data: rows.map((row) => serializeUser(row as UserRow)),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

/** One account the actor may see (in `filter` when the path names a brand or vendor); 404 otherwise. */
export async function findUserRow(executor: Executor, actor: AuthUser, id: number, filter: UserFilter = {}) {
  const [row] = await selectUsers(executor).where(
    and(eq(users.id, id), visibleUsers(actor), filterOf(filter)),
  );
  if (!row) throw notFound();
  return row as UserRow;
}

/** Options for a user select. */
export async function userOptions(
  db: Executor,
  actor: AuthUser,
  query: { search?: string; page: number; per_page: number },
) {
  const where = and(
    visibleUsers(actor),
    query.search ? ilike(users.name, containsPattern(query.search)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    data: rows,
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}
