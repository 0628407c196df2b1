import { channelAdapter } from '../domains/marketplace/adapters';
import { announcePromotionTransitions } from '../domains/promotion/announcements';
import type { WriteDeps } from '../work/unit-of-work';

/**
 * Tells the brand's users and the marketplace (through CHANNEL_ADAPTER) of the promotions that started or
 * finished by `clock()`.
 */
export function sweepPromotionTransitions(deps: WriteDeps, clock: () => Date, adapterName: string) {
  return announcePromotionTransitions(deps, clock(), { adapter: channelAdapter(adapterName) });
}
