import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from './bulk-insert';
import { seedDemo } from './demo';

/** Seeds the demo into a freshly migrated database; a database that has roles is left alone. */
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
  await seedDemo({ db, now, orders });
  return true;
}
