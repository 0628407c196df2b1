import type { Database } from '../db/client';
import { snapshotStock } from '../domains/stock/snapshot';

/** Brings today's stock snapshot up to the stock at `clock()`. */
export function sweepStockSnapshot(db: Database, clock: () => Date) {
  return snapshotStock(db, clock());
}
