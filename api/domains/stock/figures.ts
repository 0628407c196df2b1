/**
 * The stock figures, one source for the stock list, the low-stock alerts and the dashboards:
 * - run rate = units sold over the last RUN_RATE_DAYS days ÷ RUN_RATE_DAYS (units per day);
 * - weeks of supply = available ÷ (run rate × 7), empty when the run rate is 0;
 * - in-stock rate = share of (active product, day) pairs with available stock above zero, as a percentage.
 */
export const RUN_RATE_DAYS = 7;

/** Days of daily snapshots the stock list's in-stock rate covers (the vendor profile's period too). */
export const IN_STOCK_RATE_DAYS = 30;

function round2(value: number) {
  return Math.round(value * 100) / 100;
}

/** Units per day from the units sold in the run-rate window. */
export function runRate(unitsInWindow: number) {
  return round2(unitsInWindow / RUN_RATE_DAYS);
}

/** Weeks the available stock lasts at the window's pace; null when nothing sold. */
export function weeksOfSupply(available: number, unitsInWindow: number) {
  if (unitsInWindow <= 0) return null;
  return round2(available / ((unitsInWindow / RUN_RATE_DAYS) * 7));
}

/** Percentage of (product, day) pairs in stock; null when no day was measured. */
export function inStockRate(daysInStock: number, daysMeasured: number) {
  return daysMeasured > 0 ? round2((daysInStock / daysMeasured) * 100) : null;
}

/**
 * Below the brand's threshold: fewer weeks of supply than `thresholdWeeks`. Unsold products have no weeks
 * of supply, so they are never low.
 */
export function isLowStock(available: number, unitsInWindow: number, thresholdWeeks: number) {
  return unitsInWindow > 0 && available < thresholdWeeks * unitsInWindow;
}
