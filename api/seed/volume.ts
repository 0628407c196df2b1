/**
 * How much the demo shop sells, so its stock can be sized in weeks of sales: the invoices span HISTORY_DAYS (a
 * little more than a year, so that buyers of the last year include ones who first bought before it), the first
 * brand takes FIRST_BRAND_SHARE of them, and an order holds about UNITS_PER_ORDER units.
 */
export const HISTORY_DAYS = 455;
export const FIRST_BRAND_SHARE = 0.6;
const UNITS_PER_ORDER = 2.4;
/** Invoices are spaced along x^0.8 (a growing shop): the latest weeks sell 1.25 × the average week. */
const LATEST_OVER_AVERAGE = 1.25;

/** Units a brand sells in a week now, given the demo's order target and the brand's place in the world. */
export function weeklyUnitsOfBrand(orders: number, brandIndex: number) {
  const share = brandIndex === 0 ? FIRST_BRAND_SHARE : 1 - FIRST_BRAND_SHARE;
  return ((orders * share * UNITS_PER_ORDER) / (HISTORY_DAYS / 7)) * LATEST_OVER_AVERAGE;
}
