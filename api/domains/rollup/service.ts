import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { BUYER_ROLLUPS } from './buyer-statements';
import { IN_STOCK } from './in-stock';
import { CUSTOMER_TOTALS, INVOICE_ROLLUPS, ORDER_ROLLUPS, VOUCHER_TOTALS } from './statements';

export { createRollupTracker, type RollupTracker } from './tracker';
export type { InvoiceState, OrderState, ReturnedLine } from './contributions';
export { refreshInStockDay, refreshInStockProduct } from './in-stock';

/**
 * Recomputes every daily rollup from the raw tables (`npm run rollups:rebuild`); run it inside a transaction.
 * The share locks make writes that reach their rollup upkeep wait for the rebuild to commit, and the rebuild for
 * writes already past theirs: so no write falls between the raw rows the rebuild reads and the rows it replaces.
 * The buyer rollups come last, in their order: each reads the ones before it.
 */
export async function rebuildRollups(db: Executor): Promise<void> {
  const tables = [
    ...ORDER_ROLLUPS,
    ...INVOICE_ROLLUPS,
    ...BUYER_ROLLUPS,
    VOUCHER_TOTALS,
    CUSTOMER_TOTALS,
    IN_STOCK,
  ];
  await db.execute(
    sql`lock table ${sql.join(
      tables.map((table) => sql.identifier(table.name)),
      sql`, `,
    )} in share mode`,
  );
  for (const table of tables) {
    const columns = sql.join(
      [...table.keys, ...table.measures].map((column) => sql.identifier(column)),
      sql`, `,
    );
    await db.execute(sql`delete from ${sql.identifier(table.name)}`);
    const keys = sql.join(
      table.keys.map((column) => sql.identifier(column)),
      sql`, `,
    );
    // In key order, so that the rows a widget reads together (a key prefix over a range of days) share pages.
    await db.execute(
      sql`insert into ${sql.identifier(table.name)} (${columns})
        select ${columns} from (${table.rows(null)}) r order by ${keys}`,
    );
  }
}
