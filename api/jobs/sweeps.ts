import type { ApiConfig } from '../config';
import type { WriteDeps } from '../work/unit-of-work';
import { sweepDeliveredOrders } from './auto-complete';
import { sweepIdempotencyKeys } from './idempotency-keys';
import { sweepExpiredOffers } from './offer-expiry';
import { sweepPromotionTransitions } from './promotion-transitions';
import { sweepStockSnapshot } from './stock-snapshot';

/**
 * Runs the sweeps every SWEEP_INTERVAL_SECONDS, never two rounds at once. Several API nodes may run them
 * side by side: each order and offer is taken under a skip-locked row lock, so none is handled twice, and the
 * stock snapshot is an idempotent upsert.
 */
export function startSweeps({
  deps,
  clock,
  config,
}: {
  deps: WriteDeps;
  clock: () => Date;
  config: Pick<
    ApiConfig,
    'SWEEP_INTERVAL_SECONDS' | 'OFFER_TTL_MINUTES' | 'ORDER_COMPLETE_AFTER_DAYS' | 'CHANNEL_ADAPTER'
  >;
}) {
  let running: Promise<void> | null = null;
  function round() {
    if (running) return;
    running = (async () => {
      await sweepExpiredOffers(deps, clock, { ttlMinutes: config.OFFER_TTL_MINUTES });
      await sweepDeliveredOrders(deps, clock, { afterDays: config.ORDER_COMPLETE_AFTER_DAYS });
      await sweepStockSnapshot(deps.db, clock);
      await sweepPromotionTransitions(deps, clock, config.CHANNEL_ADAPTER);
      await sweepIdempotencyKeys(deps.db, clock);
    })()
      .catch((error) => console.error('sweep failed', error))
      .finally(() => {
        running = null;
      });
  }
  const timer =
    config.SWEEP_INTERVAL_SECONDS > 0 ? setInterval(round, config.SWEEP_INTERVAL_SECONDS * 1000) : null;
  timer?.unref();
  return {
    round,
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
