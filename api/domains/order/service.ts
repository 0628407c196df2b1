/** The order domain's public surface: what routes, other domains and jobs may use. */
export { changeVendor } from './change-vendor';
export { paidOrder, readOrderFilters, type OrderFilters, type OrderScope, type OrderView } from './filters';
export { completeDeliveredOrders, moveOrderStatus } from './fulfilment';
export { addActivity } from './activities';
export { createOrder, followOrderOnInvoice, orderStockLines } from './create';
export { publishInvoiceEvent, publishOrderEvents } from './events';
export { liveOrderOfInvoice } from './live';
export { notifyAboutOrder, notifyBrandOfStatus } from './notifications';
export { loadOrderDetails, orderWhere, vendorOptions } from './reads';
export { replaceProducts } from './returns';
export { listFilterShape, orderListQuerySchema } from './schema';
export {
  BRAND_LABELS,
  DEAD_STATUSES,
  invoiceStatusLabel,
  OPEN_STATUSES,
  PAID_LABEL,
  orderStatusCodeOf,
  orderStatusLabel,
  parseInvoiceStatus,
  VENDOR_LABELS,
} from './statuses';
export { brandScope, vendorScope } from './scope';
