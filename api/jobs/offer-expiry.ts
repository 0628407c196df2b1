import type { Database } from '../db/client';
import { expireOffers } from '../domains/offer/service';

/** Expires the pending offers that are due at `clock()` and offers each invoice to its next vendor. */
export function sweepExpiredOffers(db: Database, clock: () => Date, { ttlMinutes = 30 } = {}) {
  return expireOffers(db, clock(), ttlMinutes);
}
