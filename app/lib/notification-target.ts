type NotificationLike = {
  id: string;
  data: {
    web: { type: string; route: string };
    notification: {
      order_id?: number | null;
      invoice_offer_log_id?: number | null;
      update_stock_history_id?: number | null;
    };
  };
};

/** Where opening a notification leads, by its type. */
export function notificationTarget(notification: NotificationLike) {
  const { web, notification: body } = notification.data;
  if (web.type === 'invoice-offer' && body.invoice_offer_log_id) return `/offer/${body.invoice_offer_log_id}`;
  if (web.type === 'stock-update' && body.update_stock_history_id) {
    return `/stock/update-stock-history/${body.update_stock_history_id}/${notification.id}`;
  }
  if (body.order_id) return `/order/${body.order_id}`;
  return web.route.startsWith('/') && !web.route.startsWith('//') ? web.route : '/';
}
