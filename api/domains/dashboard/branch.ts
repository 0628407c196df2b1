import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Scope } from './scope';
import { inList, num, selectRows } from './sql';

/**
 * Branches are the cities of the vendors' service areas (vendor_areas): a branch's figures are those of the
 * vendors covering that city, from the same sales rollup as the other dashboards.
 */
export async function branchOptions(db: Executor, scope: Scope) {
  const rows = await selectRows<{ city: string; total_vendor: unknown }>(
    db,
    sql`select a.city, count(distinct a.vendor_id) as total_vendor
      from vendor_areas a
      join vendor_brands b on b.vendor_id = a.vendor_id
      join vendors v on v.id = a.vendor_id and v.deleted_at is null
      where ${inList('b.brand_id', scope.brandIds)}
      group by a.city
      order by a.city`,
  );
  return rows.map((row) => ({ city: row.city, total_vendor: num(row.total_vendor) }));
}
