import type { Database } from '../db/client';
import { completeDeliveredOrders } from '../domains/order/service';

/** Completes the orders delivered at least `afterDays` before `clock()`. */
export function sweepDeliveredOrders(db: Database, clock: () => Date, { afterDays = 3 } = {}) {
  return completeDeliveredOrders(db, clock(), afterDays);
}
