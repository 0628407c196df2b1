import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jakartaDate } from '../../db/jakarta';
import { refreshInStockDay } from '../rollup/service';

/**
 * Writes the day's stock snapshot (the in-stock rate reads one row per vendor, product and Jakarta
 * day): the available stock of every vendor's product as it is at `at`. Run through the day, the row of a day
 * ends as that day's closing stock; rows that did not change are not rewritten. The day's in-stock rollup rows
 * follow (daily_in_stock_rollups); the caller runs both in one transaction.
 */
export async function snapshotStock(executor: Executor, at: Date) {
  const date = jakartaDate(at);
  await executor.execute(sql`
    insert into stock_daily_snapshots (date, vendor_id, product_id, available)
    select ${date}::date, vendor_id, product_id, quantity - reserved from vendor_stocks
    on conflict (date, vendor_id, product_id) do update set available = excluded.available
      where stock_daily_snapshots.available <> excluded.available`);
  await refreshInStockDay(executor, date);
}
