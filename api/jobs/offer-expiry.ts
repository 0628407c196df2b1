import { expireOffers } from '../domains/offer/service';
import type { WriteDeps } from '../work/unit-of-work';

/** Expires the pending offers that are due at `clock()` and offers each invoice to its next vendor. */
export function sweepExpiredOffers(deps: WriteDeps, clock: () => Date, { ttlMinutes = 30 } = {}) {
  return expireOffers(deps, clock(), ttlMinutes);
}
