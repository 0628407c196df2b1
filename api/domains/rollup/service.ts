import type { Executor } from '../../db/client';
import {
  writeCustomerRollups,
  writeInvoiceRollups,
  writeProductRollups,
  writeSalesRollups,
} from './statements';

export { createRollupTracker, type RollupTracker } from './tracker';
export { jakartaDate, jakartaDayEnd, jakartaDayStart, jakartaTimestamp } from './jakarta';

/** Recomputes every daily rollup from the raw tables (`npm run rollups:rebuild`); run it inside a transaction. */
export async function rebuildRollups(db: Executor): Promise<void> {
  await writeSalesRollups(db, null);
  await writeProductRollups(db, null);
  await writeInvoiceRollups(db, null);
  await writeCustomerRollups(db, null);
}
