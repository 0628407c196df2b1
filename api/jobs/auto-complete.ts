import { completeDeliveredOrders } from '../domains/order/service';
import type { WriteDeps } from '../work/unit-of-work';

/** Completes the orders delivered at least `afterDays` before `clock()`. */
export function sweepDeliveredOrders(deps: WriteDeps, clock: () => Date, { afterDays = 3 } = {}) {
  return completeDeliveredOrders(deps, clock(), afterDays);
}
