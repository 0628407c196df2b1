import { accountEndpoints } from './domains/account/routes';
import { auditEndpoints } from './domains/audit/routes';
import { bankEndpoints } from './domains/bank/routes';
import { brandEndpoints } from './domains/brand/routes';
import { brandSelectEndpoints } from './domains/brand/select-routes';
import { broadcastingEndpoints } from './domains/broadcasting/routes';
import { categoryEndpoints } from './domains/category/routes';
import { customerEndpoints } from './domains/customer/routes';
import { dashboardEndpoints } from './domains/dashboard/routes';
import { exportEndpoints } from './domains/export/routes';
import { invoiceEndpoints } from './domains/invoice/routes';
import { tokopediaProductEndpoints } from './domains/marketplace/channel-routes';
import { marketplaceEndpoints } from './domains/marketplace/routes';
import { mediaEndpoints } from './domains/media/routes';
import { notificationEndpoints } from './domains/notification/routes';
import { oauthEndpoints } from './domains/oauth/routes';
import { offerEndpoints } from './domains/offer/routes';
import { orderEndpoints } from './domains/order/routes';
import { paymentEndpoints } from './domains/payment/routes';
import { promotionEndpoints } from './domains/promotion/routes';
import { roleEndpoints } from './domains/role/routes';
import { searchEndpoints } from './domains/search/routes';
import { shippingEndpoints } from './domains/shipping/routes';
import { stockEndpoints } from './domains/stock/routes';
import { userEndpoints } from './domains/user/routes';
import { vendorEndpoints } from './domains/vendor/routes';
import type { EndpointGroup } from './http/endpoints';

/**
 * Every domain's endpoint rows: app.ts mounts each group, the OpenAPI document lists its operations, and the
 * access matrix test walks their policies. A route the API answers is a row here, or it is not answered.
 */
export const ENDPOINT_GROUPS: EndpointGroup[] = [
  oauthEndpoints,
  accountEndpoints,
  notificationEndpoints,
  broadcastingEndpoints,
  mediaEndpoints,
  brandSelectEndpoints,
  orderEndpoints,
  invoiceEndpoints,
  customerEndpoints,
  exportEndpoints,
  offerEndpoints,
  dashboardEndpoints,
  paymentEndpoints,
  promotionEndpoints,
  bankEndpoints,
  roleEndpoints,
  userEndpoints,
  stockEndpoints,
  brandEndpoints,
  categoryEndpoints,
  vendorEndpoints,
  auditEndpoints,
  shippingEndpoints,
  marketplaceEndpoints,
  tokopediaProductEndpoints,
  searchEndpoints,
];

/** Every endpoint row, in the order it is mounted. */
export function endpointRows() {
  return ENDPOINT_GROUPS.flatMap((group) => group.rows);
}
