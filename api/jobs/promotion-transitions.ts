import { announcePromotionTransitions } from '../domains/promotion/announcements';
import type { WriteDeps } from '../work/unit-of-work';

/** Announces the promotions that started or finished by `clock()` to their brand's users. */
export function sweepPromotionTransitions(deps: WriteDeps, clock: () => Date) {
  return announcePromotionTransitions(deps, clock());
}
