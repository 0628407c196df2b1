import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../api/db/client';
import { queryRows } from '../../api/seed/bulk-insert';
import { rebuildRollups } from '../../api/seed/rollups';

const ROLLUP_TABLES = [
  'daily_sales_rollups',
  'daily_sales_totals',
  'daily_order_status_rollups',
  'order_status_totals',
  'daily_product_rollups',
  'daily_product_totals',
  'daily_invoice_rollups',
  'daily_customer_rollups',
  'daily_payment_rollups',
  'daily_vendor_invoice_rollups',
  'daily_buyer_vendor_rollups',
  'daily_buyer_rollups',
  'buyer_rollup_profiles',
  'daily_buyer_gender_rollups',
  'daily_buyer_city_rollups',
  'send_payment_totals',
  'brand_customer_totals',
  'daily_in_stock_rollups',
];

export async function rollupSnapshot(db: Database) {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of ROLLUP_TABLES) {
    snapshot[table] = await queryRows(db, sql`select * from ${sql.identifier(table)} r order by r`);
  }
  return snapshot;
}

/** The rollups as the services left them must equal the seed's recomputation from the raw tables. */
export async function expectRollupsInStep(db: Database) {
  const kept = await rollupSnapshot(db);
  await db.transaction((tx) => rebuildRollups(tx));
  expect(kept).toEqual(await rollupSnapshot(db));
}
