import { BRAND_LABELS, INCOMING_STATUS_CODES } from '../../../contract/order-status';
/** The dashboard sub-pages (docs/decisions/001); vendors may open only `penjualan`. */
export const DASHBOARD_PAGES = ['ringkasan', 'penjualan', 'vendor', 'produk', 'pembeli', 'branch'] as const;
export type DashboardPage = (typeof DASHBOARD_PAGES)[number];

export function isDashboardPage(value: string | undefined): value is DashboardPage {
  return DASHBOARD_PAGES.includes(value as DashboardPage);
}

/** What a card or chart shows, so a component picks the right formatter. */
export type Measure = 'money' | 'count' | 'decimal' | 'percent' | 'hours';

/** The sales cards' invoice statuses: new orders, and the statuses that count as incoming orders. */
export const NEW_ORDER_STATUS = BRAND_LABELS.new;
/** The dashboard's incoming orders, as the brand side's status labels the order filter takes. */
export const INCOMING_ORDER_STATUSES = INCOMING_STATUS_CODES.map((code) => BRAND_LABELS[code]);
