import type { Database } from '../db/client';
import { snapshotStock } from '../domains/stock/snapshot';

/** Brings today's stock snapshot, and its in-stock rollup rows, up to the stock at `clock()`, in one transaction. */
export function sweepStockSnapshot(db: Database, clock: () => Date) {
  return db.transaction((tx) => snapshotStock(tx, clock()));
}
