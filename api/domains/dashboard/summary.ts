import { INCOMING_STATUS_CODES } from '../../../contract/order-status';
import type { OrderStatusCode } from '../../db/schema';
import { widgetQuerySchema } from './schema';
import type { Widget } from './widget';

/**
 * The summary dashboard (Ringkasan) shows sixteen cards of four widget families. Asked one by one that is sixteen
 * requests, eight of which read the same sales rollup rows; `summary/card` answers all of them at once, each card
 * computed by its own widget (so it is the answer that widget gives for the same query), the shared rows read once
 * (readOnce in scope.ts). The per-widget routes stay as the spec has them.
 */

/** Orders coming in (spec: Selesai, Diproses Vendor, Dalam Pengiriman, Pesanan Sampai). */
const INCOMING = [...INCOMING_STATUS_CODES];

/** Each card of the answer: its key, the widget that computes it, and the status filter it is asked with. */
export const SUMMARY_CARDS: { key: string; path: string; status?: OrderStatusCode[] }[] = [
  { key: 'sales_gross_margin', path: 'sales/card/gross-margin' },
  { key: 'sales_new_orders', path: 'sales/card/invoice', status: ['new'] },
  { key: 'sales_incoming_orders', path: 'sales/card/invoice', status: INCOMING },
  { key: 'sales_order_product', path: 'sales/card/order-product' },
  { key: 'sales_average_sales_price', path: 'sales/card/average-sales-price' },
  { key: 'vendor_gross_margin', path: 'vendor/card/gross-margin' },
  { key: 'vendor_sold_product', path: 'vendor/card/sold-product' },
  { key: 'vendor_average_in_stock_rate', path: 'vendor/card/average-in-stock-rate' },
  { key: 'vendor_average_sla', path: 'vendor/card/average-sla' },
  { key: 'product_gross_margin', path: 'product/card/gross-margin' },
  { key: 'product_sold_product', path: 'product/card/sold-product' },
  { key: 'product_average_run_rate', path: 'product/card/average-run-rate' },
  { key: 'product_average_weeks_of_supply', path: 'product/card/average-weeks-of-supply' },
  { key: 'customer_new_customer', path: 'customer/card/new-customer' },
  { key: 'customer_regular', path: 'customer/card/customer-regular' },
  { key: 'customer_loyal', path: 'customer/card/loyal-customer' },
];

/**
 * `summary/card` over the brand's widgets: `{ data: { sales_gross_margin: card, … } }`. A card whose widget fails
 * is null and the others still answer, as the page shows a failed widget ("–") beside the rest.
 */
export function summaryWidget(widgets: Widget[]): Widget {
  const cards = SUMMARY_CARDS.map((card) => {
    const widget = widgets.find(
      (candidate) => candidate.path === card.path && candidate.sides.includes('brand'),
    );
    if (!widget) throw new Error(`summary card ${card.key}: no brand widget ${card.path}`);
    return { ...card, widget };
  });
  return {
    path: 'summary/card',
    summary: 'The summary dashboard’s sixteen cards in one answer, each as its own widget gives it',
    sides: ['brand'],
    query: widgetQuerySchema,
    async run(input) {
      const answers = await Promise.all(
        cards.map(async ({ key, widget, status }) => {
          try {
            const query = status ? { ...input.query, status } : input.query;
            const answer = (await widget.run({ ...input, query })) as { data: unknown };
            return [key, answer.data] as const;
          } catch (error) {
            console.warn(`summary card ${key} failed`, error);
            return [key, null] as const;
          }
        }),
      );
      return { data: Object.fromEntries(answers) };
    },
  };
}
