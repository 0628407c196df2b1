import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from './bulk-insert';
import { seedDemoUnlessSeeded } from './demo';

/**
 * Seeds the demo into a freshly migrated database; a database that has roles is left alone. Several instances
 * starting together on one empty database seed it once (the check and the seed hold one lock).
 */
export async function seedIfEmpty({
  db,
  now,
  orders,
}: {
  db: Database;
  now: Date;
  orders?: number;
}): Promise<boolean> {
  const [row] = await queryRows<{ seeded: boolean }>(db, sql`select exists (select 1 from roles) as seeded`);
  if (row.seeded) return false;
  return (await seedDemoUnlessSeeded({ db, now, orders, onlyIntoEmpty: true })) !== null;
}
