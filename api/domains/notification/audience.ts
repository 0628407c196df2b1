import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userBrands, users } from '../../db/schema';
import { ROLE } from '../../access/roles';

/** Who hears about a brand: its brand users, the key accounts managing it, administrators working in it. */
export async function brandAudience(executor: Executor, brandId: number) {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        isNull(users.deletedAt),
        or(
          and(eq(users.roleId, ROLE.brand), eq(users.brandId, brandId)),
          and(
            eq(users.roleId, ROLE.keyAccount),
            sql`exists (select 1 from ${userBrands} where ${userBrands.userId} = ${users.id} and ${userBrands.brandId} = ${brandId})`,
          ),
          and(eq(users.roleId, ROLE.administrator), eq(users.currentBrandId, brandId)),
        ),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

/** Who hears about a vendor: its active users. */
export async function vendorAudience(executor: Executor, vendorId: number) {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.vendorId, vendorId), eq(users.isActive, true), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}
