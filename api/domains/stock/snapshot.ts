import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jakartaDate } from '../../db/jakarta';

/**
 * Writes the day's stock snapshot (the in-stock rate reads one row per vendor, product and Jakarta
 * day): the available stock of every vendor's product as it is at `at`. Run through the day, the row of a day
 * ends as that day's closing stock; rows that did not change are not rewritten.
 */
export async function snapshotStock(executor: Executor, at: Date) {
  await executor.execute(sql`
    insert into stock_daily_snapshots (date, vendor_id, product_id, available)
    select ${jakartaDate(at)}::date, vendor_id, product_id, quantity - reserved from vendor_stocks
    on conflict (date, vendor_id, product_id) do update set available = excluded.available
      where stock_daily_snapshots.available <> excluded.available`);
}
