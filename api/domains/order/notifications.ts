import type { orders, NotificationData } from '../../db/schema';
import type { Work } from '../../work/unit-of-work';
import { brandAudience } from '../notification/audience';
import { jakartaTimestamp } from '../../db/jakarta';
import { BRAND_LABELS } from './statuses';

/**
 * `invoice-offer` opens the 'Pesanan Masuk' dialog when it arrives; `invoice-offer-canceled` (an offer withdrawn)
 * only tells, and leads to the offer when opened.
 */
export type OrderNotificationType =
  'invoice-offer' | 'invoice-offer-canceled' | 'order-status' | 'order-diverted';

type OrderNotification = {
  type: OrderNotificationType;
  route: string;
  brandId: number;
  title: string;
  description: string;
  orderId?: number;
  offerId?: number;
};

function notificationData(input: OrderNotification, at: Date): NotificationData {
  return {
    web: { type: input.type, route: input.route, brand: { id: input.brandId } },
    notification: {
      title: input.title,
      description: input.description,
      timestamp: jakartaTimestamp(at),
      order_id: input.orderId ?? null,
      invoice_offer_log_id: input.offerId ?? null,
      update_stock_history_id: null,
    },
  };
}

/** One notification about an order or an offer to each of `userIds`. */
export function notifyAboutOrder(work: Work, userIds: number[], input: OrderNotification) {
  work.notify({ userIds, type: input.type, data: notificationData(input, work.at) });
}

/** Tells the brand's users where an order now stands (type order-status). */
export async function notifyBrandOfStatus(work: Work, order: typeof orders.$inferSelect, vendorName: string) {
  notifyAboutOrder(work, await brandAudience(work.tx, order.brandId), {
    type: 'order-status',
    route: `/order/${order.id}`,
    brandId: order.brandId,
    title: 'Status Pesanan',
    description: `Pesanan ${order.number} kini ${BRAND_LABELS[order.statusCode]} (${vendorName})`,
    orderId: order.id,
  });
}
