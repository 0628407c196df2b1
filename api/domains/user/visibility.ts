import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AuthUser } from '../../access/auth-user';
import { ROLE } from '../../access/roles';

/**
 * Vendors serving one of `brandIds`, as a condition on the user's vendor. Names are written out: in a query of
 * the users table alone Drizzle leaves them bare, and a bare `vendor_id` here would be vendor_brands' own.
 */
function vendorServes(brandIds: readonly number[]) {
  const list = sql.join(
    brandIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`exists (select 1 from vendor_brands vb where vb.vendor_id = "users"."vendor_id"
    and vb.brand_id in (${list}))`;
}

/**
 * The accounts `actor` may see and manage: administrators every one; key accounts and brand users the brand
 * users of their brands and the users of vendors serving them; vendor users their vendor's.
 */
export function visibleUsers(actor: AuthUser): SQL {
  const alive = isNull(users.deletedAt);
  if (actor.roleId === ROLE.administrator) return alive;
  if (actor.roleId === ROLE.vendor) {
    return and(alive, eq(users.roleId, ROLE.vendor), eq(users.vendorId, actor.vendorId ?? 0)) as SQL;
  }
  const brandIds = actor.brandIds === 'all' ? [] : actor.brandIds;
  if (!brandIds.length) return sql`false`;
  return and(
    alive,
    or(
      and(eq(users.roleId, ROLE.brand), inArray(users.brandId, [...brandIds])),
      and(eq(users.roleId, ROLE.vendor), vendorServes(brandIds)),
    ),
  ) as SQL;
}

/** Key accounts' brands, as one array per user. */
export const keyAccountBrandIds = sql<number[]>`array(select ub.brand_id from user_brands ub
  where ub.user_id = "users"."id" order by 1)`;
